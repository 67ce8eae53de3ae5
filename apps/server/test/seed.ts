import { randomUUID } from 'node:crypto';
import { splitGift, tokensToCents } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { giftPosting } from '../src/modules/gifts/service';
import {
  earnedAccountId,
  findUserBalances,
  PLATFORM_ACCOUNTS,
  postTransfer,
  walletAccountId,
} from '../src/modules/ledger/service';

/** A user row with a complete profile, straight into the database (no sign-in needed). */
export async function seedUser(db: Database, overrides: { affiliateId?: string; handle?: string } = {}) {
  const id = randomUUID().replace(/-/g, '');
  const handle = overrides.handle ?? `u_${id.slice(0, 16)}`;
  await db.execute(sql`
    insert into users (id, name, email, handle, display_name, affiliate_id)
    values (${id}, 'Seeded User', ${`${id}@example.com`}, ${handle}, 'Seeded User', ${overrides.affiliateId ?? null})`);
  return { id, handle };
}

/** Puts tokens in a user's wallet as a card top-up would. */
/** Earned tokens that already cleared (what a withdrawal takes), as if from old gifts. */
export async function seedEarnings(db: Database, userId: string, cents: number) {
  await postTransfer(db, {
    kind: 'tip',
    idempotencyKey: `seed:${randomUUID()}`,
    entries: [
      { accountId: PLATFORM_ACCOUNTS.card, amountCents: -cents },
      { accountId: earnedAccountId(userId), amountCents: cents },
    ],
  });
}

/** What a user can spend: bought, available and pending tokens. */
export async function spendableCents(db: Database, userId: string): Promise<number> {
  const b = await findUserBalances(db, userId);
  return b.boughtCents + b.availableCents + b.pendingCents;
}

/** Bought tokens, as from a top-up. */
export async function seedTokens(db: Database, userId: string, cents: number) {
  await postTransfer(db, {
    kind: 'top_up',
    idempotencyKey: `seed:${randomUUID()}`,
    entries: [
      { accountId: PLATFORM_ACCOUNTS.card, amountCents: -cents },
      { accountId: walletAccountId(userId), amountCents: cents },
    ],
  });
}

/** A one-token tip, without an affiliate, ready for postGifts() (the functions' own tests call it directly). */
export function tipPosting(buyerId: string, sellerId: string) {
  return giftPosting({
    id: randomUUID(),
    type: 'tip',
    buyerId,
    sellerId,
    split: splitGift(tokensToCents(1), false),
    affiliateId: undefined,
    isAnonymous: false,
  });
}
