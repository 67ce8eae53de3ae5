import { createBatcher } from '../../db/batcher';
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
 * Posts gifts as they come, in batches (db/batcher.ts): under load a creator's wallet row is locked and
 * committed once per batch instead of once per gift (the commit's disk flush, not the SQL, is what a single
 * row can do only a few hundred times a second). Each caller learns its own result only after its batch
 * committed. Deadlocks between batches of different instances, and serialisation failures, are retried.
 */
export function createGiftBatcher(db: Database): GiftPoster {
  return createBatcher((postings: GiftPosting[]) => retryOnConflict(() => postGifts(db, postings)), MAX_BATCH);
}
