import { sql } from 'drizzle-orm';
import type { ObjectStorage } from '../adapters/storage/object-storage';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { isMessageImage } from '../modules/conversations/service';
import { isPurchaseImage } from '../modules/gifts/service';
import {
  claimDueUploads,
  settleSweptUploads,
  UNUSED_UPLOAD_GRACE_MS,
  type UploadColumns,
} from '../modules/media/service';
import { isProfileImage } from '../modules/profiles/service';
import { isWishImage } from '../modules/wishes/service';

/**
 * Whether anything refers to an upload: the owner's photo or banner, one of the owner's wishes or the
 * purchases of them (`/media/{key}`), or a message image or thumbnail (the key itself, in the conversation
 * the key names). Each module that stores images says it over its own tables (decision 024).
 */
function isReferenced(upload: UploadColumns) {
  return sql`(${isProfileImage(upload.owner, upload.url)}
    or ${isWishImage(upload.owner, upload.url)}
    or ${isPurchaseImage(upload.owner, upload.url)}
    or (${upload.key} like 'private/conversations/%' and ${isMessageImage(upload.conversation, upload.key)}))`;
}

export type SweepDeps = { db: Database; storage: ObjectStorage; now?: () => Date };

/** Uploads looked at per transaction. */
export const SWEEP_BATCH = 100;
/** Unused uploads wait a day, so sweeping hourly removes them at most an hour late; an idle sweep is one query. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * One batch: the due uploads (claimed, so another instance sweeping at once takes other rows) that nothing
 * refers to are deleted from storage and forgotten; the others are looked at again a grace period later.
 * A storage failure rolls the batch back, to be tried again next time.
 */
export async function sweepUnusedUploads(deps: SweepDeps, limit = SWEEP_BATCH) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    const due = await claimDueUploads(db, now, limit, isReferenced);
    if (due.length === 0) return { removed: 0, kept: 0, isFull: false };
    const removed = due.filter((upload) => !upload.is_referenced).map((upload) => upload.key);
    const kept = due.filter((upload) => upload.is_referenced).map((upload) => upload.key);
    for (const key of removed) await deps.storage.delete(key);
    await settleSweptUploads(db, removed, kept, new Date(now.getTime() + UNUSED_UPLOAD_GRACE_MS));
    return { removed: removed.length, kept: kept.length, isFull: due.length === limit };
  });
}

/**
 * Every instance runs one: hourly, batches until one is not full, then waits an hour again. With nothing due
 * it costs one short transaction an hour.
 */
export function createUploadSweeper(deps: SweepDeps & { logger: Logger; intervalMs?: number }) {
  const intervalMs = deps.intervalMs ?? SWEEP_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let isStopping = false;

  /** Sweeps until a batch is not full; answers how many batches that took. */
  async function runOnce(): Promise<number> {
    let batches = 0;
    let batch: Awaited<ReturnType<typeof sweepUnusedUploads>>;
    do {
      batch = await sweepUnusedUploads(deps);
      batches++;
      if (batch.removed > 0) deps.logger.info({ removed: batch.removed }, 'removed unused uploads');
    } while (batch.isFull && !isStopping);
    return batches;
  }

  function schedule() {
    if (isStopping) return;
    timer = setTimeout(() => {
      running = runOnce()
        .then(() => {})
        .catch((err: unknown) => deps.logger.error({ err }, 'the sweep of unused uploads failed; trying again later'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }

  return {
    start() {
      if (!timer && !running) schedule();
    },
    sweepNow: runOnce,
    /** Finishes the sweep under way and stops. */
    async stop() {
      isStopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
