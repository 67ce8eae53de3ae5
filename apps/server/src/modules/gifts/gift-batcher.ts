import type { Database } from '../../db/client';
import { retryOnConflict } from '../../db/retry-on-conflict';
import { type GiftPosting, type GiftResult, postGifts } from './repo';

/**
 * A batch's transaction holds the lock of every wallet it touches until it commits: a bound on the batch
 * bounds how long a gift of the next one waits.
 */
const MAX_BATCH = 60;

export type GiftPoster = (posting: GiftPosting) => Promise<GiftResult>;

/**
 * Posts gifts as they come, in batches formed by themselves: while one batch is being written, the next
 * gathers, so at low load a gift goes alone and at once, and under load a creator's wallet row is
 * locked and committed once per batch instead of once per gift (the commit's disk flush, not the SQL, is
 * what a single row can do only a few hundred times a second). Each caller still learns its own result,
 * and only after its batch committed.
 */
export function createGiftBatcher(db: Database): GiftPoster {
  const queue: { posting: GiftPosting; resolve: (r: GiftResult) => void; reject: (e: unknown) => void }[] = [];
  let isWriting = false;

  // Deadlocks between batches of different instances, and serialisation failures, are retried.
  async function write(batch: typeof queue) {
    try {
      const postings = batch.map((b) => b.posting);
      const results = await retryOnConflict(() => postGifts(db, postings));
      for (const [i, b] of batch.entries()) b.resolve(results[i] as GiftResult);
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  async function drain() {
    isWriting = true;
    while (queue.length > 0) await write(queue.splice(0, MAX_BATCH));
    isWriting = false;
  }

  return (posting) =>
    new Promise<GiftResult>((resolve, reject) => {
      queue.push({ posting, resolve, reject });
      if (!isWriting) void drain();
    });
}
