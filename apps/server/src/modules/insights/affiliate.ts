import { AFFILIATE_MONTHS, type AffiliateEarnings, type InvitedCreatorPage } from '@sweetwish/shared/affiliate';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { listInvitedPeople } from '../accounts/people';
import { sumAffiliateMonths, sumAffiliateShares } from './affiliate-repo';

/** The first instant (UTC) of the month AFFILIATE_MONTHS - 1 months before `now`'s. */
export function firstAffiliateMonth(now: Date): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (AFFILIATE_MONTHS - 1), 1));
  return start.toISOString().slice(0, 19);
}

/** What the user earned as an affiliate (decision 131): per UTC month of the last year, and in all. */
export async function getAffiliateEarnings(
  db: Database,
  affiliateId: string,
  now = new Date(),
): Promise<AffiliateEarnings> {
  const [months, shares] = await Promise.all([
    sumAffiliateMonths(db, affiliateId, firstAffiliateMonth(now)),
    sumAffiliateShares(db, affiliateId, []),
  ]);
  return {
    months: months.map((row) => ({
      month: row.month,
      earnedCents: Number(row.earnedCents),
      giftCount: Number(row.giftCount),
    })),
    totalCents: shares.totalCents,
  };
}

/** A page of the creators the user invited, newest first, each with the share of their gifts the user earned. */
export async function listInvitedCreators(
  db: Database,
  affiliateId: string,
  page: PageRequest,
): Promise<InvitedCreatorPage> {
  const { rows, nextCursor } = cutPage(await listInvitedPeople(db, affiliateId, page), page, (row) => row.id);
  const shares = await sumAffiliateShares(
    db,
    affiliateId,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => ({
    creator:
      row.handle && row.displayName && !row.deletedAt
        ? { id: row.id, handle: row.handle, displayName: row.displayName, photoUrl: row.photoUrl }
        : null,
    joinedAt: row.joinedAt.toISOString(),
    earnedCents: shares.byCreator.get(row.id) ?? 0,
  }));
  return { items, nextCursor };
}
