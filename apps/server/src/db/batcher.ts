/**
 * Runs work as it comes, in batches formed by themselves: while one batch is being written, the next
 * gathers, so at low load an item goes alone and at once, and under load many share one statement and one
 * round trip. `write` answers one result per item, in order; each caller gets its own, or the batch's error.
 * One batch at a time per batcher, unless `inFlight` allows more (for reads, which may run side by side).
 * The next batch is sent before the callers of the last one are answered: answering them (their responses)
 * takes the process milliseconds under load, which the database would otherwise spend idle.
 */
export function createBatcher<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
  inFlight = 1,
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void };
  type Outcome = { results: Result[] } | { error: unknown };
  const queue: Waiting[] = [];
  let writing = 0;

  function start(): { batch: Waiting[]; outcome: Promise<Outcome> } {
    const batch = queue.splice(0, maxBatch);
    // Called at once; a write that throws instead of rejecting fails its batch alike.
    const sent = new Promise<Result[]>((resolve) => resolve(write(batch.map((b) => b.item))));
    const outcome = sent.then(
      (results): Outcome =>
        results.length === batch.length ? { results } : { error: new Error('a batch answered for other items') },
      (error: unknown): Outcome => ({ error }),
    );
    return { batch, outcome };
  }

  function answer(batch: Waiting[], outcome: Outcome) {
    if ('error' in outcome) {
      for (const b of batch) b.reject(outcome.error);
      return;
    }
    for (const [i, b] of batch.entries()) b.resolve(outcome.results[i] as Result);
  }

  async function drain() {
    writing += 1;
    let current: ReturnType<typeof start> | undefined = start();
    while (current) {
      const { batch, outcome } = current;
      const done = await outcome;
      current = queue.length > 0 ? start() : undefined;
      answer(batch, done);
    }
    writing -= 1;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing < inFlight) void drain();
    });
}
