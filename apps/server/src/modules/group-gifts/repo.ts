import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { people } from '../accounts/people';
import { groupGiftContributions } from './tables';

export type ContributionRow = typeof groupGiftContributions.$inferSelect;
export type NewContribution = typeof groupGiftContributions.$inferInsert;

export async function insertContribution(db: Database, values: NewContribution): Promise<void> {
  await db.insert(groupGiftContributions).values(values);
}

export async function findContribution(db: Database, id: string): Promise<ContributionRow | undefined> {
  const [row] = await db.select().from(groupGiftContributions).where(eq(groupGiftContributions.id, id));
  return row;
}

/** The contributions of a wish still held, oldest first. Call with the wish locked. */
export async function listHeld(db: Database, wishId: string): Promise<ContributionRow[]> {
  return db
    .select()
    .from(groupGiftContributions)
    .where(and(eq(groupGiftContributions.wishId, wishId), eq(groupGiftContributions.status, 'held')))
    .orderBy(asc(groupGiftContributions.createdAt), asc(groupGiftContributions.id));
}

/** The wishes a fan holds contributions in (account deletion returns them). */
export async function listWishesHeldBy(db: Database, fanId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ wishId: groupGiftContributions.wishId })
    .from(groupGiftContributions)
    .where(and(eq(groupGiftContributions.fanId, fanId), eq(groupGiftContributions.status, 'held')));
  return rows.map((r) => r.wishId);
}

/** The contributions still held that these ledger transfers made (a refund reaches their spends). */
export async function listHeldByTransferIds(db: Database, transferIds: string[]): Promise<ContributionRow[]> {
  if (transferIds.length === 0) return [];
  return db
    .select()
    .from(groupGiftContributions)
    .where(and(inArray(groupGiftContributions.transferId, transferIds), eq(groupGiftContributions.status, 'held')))
    .orderBy(asc(groupGiftContributions.wishId), asc(groupGiftContributions.id));
}

/** Settles a held contribution: granted (with its purchase) or returned; false when it was not held. */
export async function settleContribution(
  db: Database,
  id: string,
  values: { status: 'granted' | 'taken_back' | 'refunded'; settleTransferId: string; purchaseId?: string },
): Promise<boolean> {
  const rows = await db
    .update(groupGiftContributions)
    .set({ ...values, settledAt: new Date() })
    .where(and(eq(groupGiftContributions.id, id), eq(groupGiftContributions.status, 'held')))
    .returning({ id: groupGiftContributions.id });
  return rows.length === 1;
}

const fan = people('fan');

/**
 * What the wish page lists: the contributions that count (held or granted), oldest first, with each fan's
 * public face (the service hides anonymous ones).
 */
export async function listCounted(db: Database, wishId: string) {
  return db
    .select({
      fanId: groupGiftContributions.fanId,
      amountCents: groupGiftContributions.amountCents,
      isAnonymous: groupGiftContributions.isAnonymous,
      handle: fan.handle,
      displayName: fan.displayName,
      deletedAt: fan.deletedAt,
    })
    .from(groupGiftContributions)
    .innerJoin(fan, eq(fan.id, groupGiftContributions.fanId))
    .where(and(eq(groupGiftContributions.wishId, wishId), inArray(groupGiftContributions.status, ['held', 'granted'])))
    .orderBy(asc(groupGiftContributions.createdAt), asc(groupGiftContributions.id));
}

/** One fan's contributions to a wish, newest first. */
export async function listOwn(db: Database, wishId: string, fanId: string) {
  return db
    .select()
    .from(groupGiftContributions)
    .where(and(eq(groupGiftContributions.wishId, wishId), eq(groupGiftContributions.fanId, fanId)))
    .orderBy(sql`${groupGiftContributions.createdAt} desc`);
}

/** The sum of all contributions still held: what `platform:group_gifts_held` must hold (reconciliation). */
export async function sumHeld(db: Database): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${groupGiftContributions.amountCents})` })
    .from(groupGiftContributions)
    .where(eq(groupGiftContributions.status, 'held'));
  return Number(row?.sum ?? 0);
}
