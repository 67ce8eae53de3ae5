/**
 * Runs work as it comes, in batches formed by themselves: while one batch is being written, the next
 * gathers, so at low load an item goes alone and at once, and under load many share one statement and one
 * round trip. `write` answers one result per item, in order; each caller gets its own, or the batch's error.
 * One batch at a time per batcher, unless `inFlight` allows more (for reads, which may run side by side).
 */
export function createBatcher<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
  inFlight = 1,
): (item: Item) => Promise<Result> {
  const queue: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  let writing = 0;

  async function writeBatch(batch: typeof queue) {
    try {
      const results = await write(batch.map((b) => b.item));
      if (results.length !== batch.length) throw new Error('a batch answered for other items');
      for (const [i, b] of batch.entries()) b.resolve(results[i] as Result);
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  async function drain() {
    writing += 1;
    while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    writing -= 1;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing < inFlight) void drain();
    });
}
