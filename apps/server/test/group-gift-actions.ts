import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type Database, queryRows } from '../src/db/client';
import { PLATFORM_ACCOUNTS } from '../src/modules/ledger/service';

// The actions of the group gift property test (group-gift-property.int.test.ts) and what it reads back.

export type Action =
  | { kind: 'top_up'; fan: number; quantity: number }
  | { kind: 'contribute'; fan: number; creator: number; amount: number; completes: boolean }
  | { kind: 'take_back'; contribution: number }
  | { kind: 'archive'; creator: number }
  | { kind: 'refund'; topUp: number; percent: number; isPending: boolean }
  | { kind: 'fail_refund'; topUp: number; refund: number }
  | { kind: 'dispute'; topUp: number }
  | { kind: 'close_dispute'; topUp: number; isWon: boolean }
  | { kind: 'days_pass'; days: number }
  | { kind: 'withdraw'; creator: number; amount: number };

// Fans (0, 1) only buy, contribute and take back; creators (0, 1) only receive group gifts and withdraw.
// So the only tokens the platform can lose are earnings a creator withdrew before a refund reached them.
const fan = fc.integer({ min: 0, max: 1 });
const creator = fc.integer({ min: 0, max: 1 });
export const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('top_up'), fan, quantity: fc.constantFrom(50, 100, 500, 1000, 37) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('contribute'),
      fan,
      creator,
      amount: fc.integer({ min: 1, max: 60 }),
      completes: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('take_back'), contribution: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('archive'), creator }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refund'),
      topUp: fc.nat(),
      percent: fc.integer({ min: 1, max: 100 }),
      isPending: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail_refund'), topUp: fc.nat(), refund: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dispute'), topUp: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close_dispute'), topUp: fc.nat(), isWon: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('days_pass'), days: fc.integer({ min: 1, max: 10 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('withdraw'), creator, amount: fc.integer({ min: 50, max: 200 }) }),
  },
);

export type Refund = { id: string; amount: number; isFailed: boolean };
export type TopUp = {
  pi: string;
  quantity: number;
  total: number;
  refunded: number;
  refunds: Refund[];
  dispute?: { id: string; amount: number; status: 'open' | 'won' | 'lost' };
};

/** What the platform lost in tokens, leaving out dispute fees (booked apart, decision 050). */
export async function lossCents(db: Database) {
  const [row] = await queryRows<{ sum: string | null }>(
    db,
    sql`select sum(e.amount_cents) as sum from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
        where e.account_id = ${PLATFORM_ACCOUNTS.loss} and t.idempotency_key not like 'dispute_fee:%'`,
  );
  return -Number(row?.sum ?? 0);
}

export async function fundedCents(db: Database, wishId: string): Promise<number> {
  const [row] = await queryRows<{ funded: string }>(
    db,
    sql`select group_gift_funded_cents as funded from wishes where id = ${wishId}`,
  );
  return Number(row?.funded ?? 0);
}

/** A top-up's tokens still in its buyer's wallet or held in a group gift (not granted, not returned). */
export async function unspentOrHeldCents(db: Database, paymentIntent: string): Promise<number> {
  const [row] = await queryRows<{ cents: string | null }>(
    db,
    sql`select l.remaining_cents + coalesce((
          select sum(s.amount_cents - s.clawed_cents) from lot_spends s
          join group_gift_contributions c on c.transfer_id = s.transfer_id and c.status = 'held'
          where s.lot_id = l.id), 0) as cents
        from token_lots l join ledger_transfers x on x.id = l.transfer_id
        where x.external_ref = ${paymentIntent} and l.kind = 'bought'`,
  );
  return Number(row?.cents ?? 0);
}
