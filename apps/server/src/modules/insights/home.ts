import type { HomeSummary } from '@sweetwish/shared/home';
import { INSIGHT_MESSAGES } from '@sweetwish/shared/insights';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { getPublicPerson } from '../accounts/people';
import { getConversationSummary } from '../conversations/service';
import { listPurchases, listReceived } from '../gifts/service';
import { hasPayoutsSetUp } from '../payouts/is-set-up';
import { getPublicProfile } from '../profiles/service';
import { getWallet } from '../wallet/service';
import { listWishes } from '../wishes/service';
import { addDays, isKnownTimeZone, localDay } from './local-days';
import { sumEarningsBy } from './repo';

const LATEST = 5;

/** Whether the user's page has a photo and a banner. */
async function profileImages(db: Database, userId: string) {
  const person = await getPublicPerson(db, userId);
  const profile = person && (await getPublicProfile(db, person.handle).catch(() => undefined));
  return { hasPhoto: Boolean(profile?.photoUrl), hasBanner: Boolean(profile?.bannerUrl) };
}

async function hasVisitsFromOthers(db: Database, creatorId: string): Promise<boolean> {
  const [row] = await queryRows<{ shared: boolean }>(
    db,
    sql`select exists (select 1 from insight_views where creator_id = ${creatorId}) as shared`,
  );
  return row?.shared ?? false;
}

/** The home screen's data in one answer (product.md section 2, Home): the caller's own only. */
export async function getHomeSummary(
  db: Database,
  userId: string,
  options: { timeZone: string; clearingDays: number; now?: Date },
): Promise<HomeSummary> {
  if (!isKnownTimeZone(options.timeZone)) throw new AppError('VALIDATION', INSIGHT_MESSAGES.unknownTimeZone);
  const today = localDay(options.now ?? new Date(), options.timeZone);
  const range = { from: addDays(today, -13), to: today, timeZone: options.timeZone };
  const [images, wishes, hasPayouts, isLinkShared, days, received, conversations, purchases, wallet] =
    await Promise.all([
      profileImages(db, userId),
      listWishes(db, userId),
      hasPayoutsSetUp(db, userId),
      hasVisitsFromOthers(db, userId),
      sumEarningsBy(db, userId, range, 'day'),
      listReceived(db, userId, { limit: LATEST }),
      getConversationSummary(db, userId),
      listPurchases(db, userId, { limit: 20 }),
      getWallet(db, userId, options.clearingDays),
    ]);
  const netOf = new Map(
    days.map((d) => [d.start, Object.values(d.kinds).reduce((sum, kind) => sum + kind.netCents, 0)]),
  );
  const week = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)).map((day) => ({
    day,
    cents: netOf.get(day) ?? 0,
  }));
  let lastWeekCents = 0;
  for (let i = 7; i <= 13; i++) lastWeekCents += netOf.get(addDays(today, -i)) ?? 0;
  const creators = new Map<string, HomeSummary['supportedCreators'][number]>();
  for (const purchase of purchases.items) {
    if (purchase.seller.handle) creators.set(purchase.seller.id, purchase.seller);
  }
  return {
    isCreator: wishes.length > 0 || received.items.length > 0,
    checklist: { ...images, hasWish: wishes.length > 0, hasPayouts, isLinkShared },
    week: { days: week, thisWeekCents: week.reduce((sum, d) => sum + d.cents, 0), lastWeekCents },
    latestReceived: received.items,
    unreadConversations: conversations.unseenConversations,
    recentPurchases: purchases.items.slice(0, LATEST),
    supportedCreators: [...creators.values()].slice(0, LATEST),
    balanceCents: wallet.balanceCents,
  };
}
