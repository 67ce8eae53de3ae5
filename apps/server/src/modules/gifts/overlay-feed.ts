import type { Database } from '../../db/client';
import { findLastSellerSeq, findTopGiftersSince, listSellerGiftsAfter, sumSellerGiftsSince } from './overlay-feed-repo';

export type OverlayGift = {
  /** The gift's number; for a group gift's grant, its last contribution's. */
  seq: number;
  type: 'standard' | 'tip';
  costCents: number;
  /** The buyer's display name; null when anonymous or without a public profile ("Anonymous"). */
  buyerName: string | null;
  /**
   * How many fans gave it as its wish page counts them (decision 033): each named fan once and the anonymous
   * contributions as one, so the count never tells whose an anonymous share was. More than 1 only for a
   * group gift's grant.
   */
  contributors: number;
  product: { name: string; image: string | null } | null;
  /** The fan's message (decision 100); null for a group gift's grant. */
  message: string | null;
  /** Where the message stands: a held, approved or skipped one is not shown with the gift's own alert. */
  messageState: 'shown' | 'held' | 'approved' | 'skipped' | null;
};

type SellerGiftRow = Awaited<ReturnType<typeof listSellerGiftsAfter>>[number];

/** Whether two purchases are contributions of the same group gift's grant (one transaction, one wish). */
const isSameGrant = (a: SellerGiftRow, b: SellerGiftRow) =>
  a.isGroupGift && b.isGroupGift && a.productId === b.productId && a.createdAt.getTime() === b.createdAt.getTime();

/** Appends to `run`, a grant that filled a read, its contributions after it, `limit` at a time. */
async function readRestOfGrant(db: Database, sellerId: string, run: SellerGiftRow[], limit: number) {
  for (;;) {
    const last = run.at(-1) as SellerGiftRow;
    const rows = await listSellerGiftsAfter(db, sellerId, last.seq, limit);
    const end = rows.findIndex((row) => !isSameGrant(last, row));
    const more = end === -1 ? rows : rows.slice(0, end);
    run.push(...more);
    if (more.length < limit) return;
  }
}

/**
 * The recipient's gifts after number `afterSeq`, in order (the stream overlay, decision 031), reading
 * `limit` purchases at a time: a group gift's grant is one gift however many fans contributed (one alert,
 * not one per contributor). A grant the read cut short is left for the next read; one that fills the read
 * is read on to its end. `isFull`: the read stopped at `limit`, so more may follow.
 */
export async function giftsAfter(
  db: Database,
  sellerId: string,
  afterSeq: number,
  limit: number,
): Promise<{ gifts: OverlayGift[]; isFull: boolean }> {
  const rows = await listSellerGiftsAfter(db, sellerId, afterSeq, limit);
  const runs: SellerGiftRow[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && isSameGrant(last, row)) run.push(row);
    else runs.push([row]);
  }
  const isFull = rows.length === limit;
  const lastRun = runs.at(-1);
  if (isFull && lastRun?.[0]?.isGroupGift) {
    if (runs.length > 1) runs.pop();
    else await readRestOfGrant(db, sellerId, lastRun, limit);
  }
  const isKnown = (row: SellerGiftRow) =>
    !row.isAnonymous && row.buyer.handle !== null && row.buyer.displayName !== null && !row.buyer.deletedAt;
  const gifts = runs.map((run) => {
    const first = run[0] as SellerGiftRow;
    const named = new Set(run.filter(isKnown).map((row) => row.buyerId));
    return {
      seq: (run.at(-1) as SellerGiftRow).seq,
      type: first.type,
      costCents: run.reduce((sum, row) => sum + row.costCents, 0),
      buyerName: isKnown(first) ? first.buyer.displayName : null,
      contributors: named.size + (run.some((row) => !isKnown(row)) ? 1 : 0),
      product:
        first.type === 'standard' && first.productName ? { name: first.productName, image: first.productImage } : null,
      message: run.length === 1 ? first.message : null,
      messageState: run.length === 1 ? first.messageState : null,
    };
  });
  return { gifts, isFull };
}

/** The number of the recipient's latest gift (0 before any): where a new overlay starts. */
export async function lastGiftSeq(db: Database, sellerId: string): Promise<number> {
  return findLastSellerSeq(db, sellerId);
}

/** Cents the recipient received since a moment (gifts and tips, as given). */
export async function giftsTotalSinceAt(db: Database, sellerId: string, since: Date): Promise<number> {
  return sumSellerGiftsSince(db, sellerId, since);
}

/** Top gifters since a moment; `buyerName` null is every anonymous gift together. */
export async function topGiftersSince(db: Database, sellerId: string, since: Date, limit: number) {
  const rows = await findTopGiftersSince(db, sellerId, since, limit);
  return rows.map((r) => ({ buyerName: r.buyerId ? r.displayName : null, totalCents: Number(r.totalCents) }));
}
