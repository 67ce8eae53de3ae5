/**
 * Runs work as it comes, in batches formed by themselves: while one batch is being written, the next
 * gathers, so at low load an item goes alone and at once, and under load many share one statement and one
 * round trip. `write` answers one result per item, in order; each caller gets its own, or the batch's error.
 * One batch at a time per batcher.
 */
export function createBatcher<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  maxBatch: number,
): (item: Item) => Promise<Result> {
  const queue: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  let isWriting = false;

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
    isWriting = true;
    while (queue.length > 0) await writeBatch(queue.splice(0, maxBatch));
    isWriting = false;
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!isWriting) void drain();
    });
}
