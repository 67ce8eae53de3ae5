import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type Database, queryRows } from '../../db/client';
import { postTransfer } from '../ledger/service';
import { type GiftPosting, type GiftResult, insertPurchase } from './repo';

type Item = { buyer: number; seller: number; what: 'tip' | 'single' | 'repeatable'; tokens: number };
type Buyer = { bought: number[]; earned: number; pending: number[] };
export type Scene = {
  buyers: Buyer[];
  items: Item[];
  /** At most one of these per scene: with both, which of "on hold" and "closed" the old path answered
   * depended on the order of the accounts' ids. */
  trouble: { kind: 'none' } | { kind: 'held'; buyer: number } | { kind: 'closed'; seller: number };
  refusing: { seller: number; buyer: number }[];
  /** Sellers told of a gift a moment ago, so the batch's notices become a summary. */
  toldBefore: number[];
};

const BUYERS = 3;
export const SELLERS = 3;

const buyerArb: fc.Arbitrary<Buyer> = fc.record({
  bought: fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 3 }),
  earned: fc.integer({ min: 0, max: 20 }),
  pending: fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 2 }),
});
const itemArb: fc.Arbitrary<Item> = fc.record({
  buyer: fc.nat({ max: BUYERS - 1 }),
  seller: fc.nat({ max: SELLERS - 1 }),
  what: fc.constantFrom('tip', 'tip', 'single', 'repeatable'),
  tokens: fc.integer({ min: 1, max: 40 }),
});
export const sceneArb: fc.Arbitrary<Scene> = fc.record({
  buyers: fc.array(buyerArb, { minLength: BUYERS, maxLength: BUYERS }),
  items: fc.array(itemArb, { minLength: 1, maxLength: 14 }),
  trouble: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.record({ kind: fc.constant('held' as const), buyer: fc.nat({ max: BUYERS - 1 }) }),
    fc.record({ kind: fc.constant('closed' as const), seller: fc.nat({ max: SELLERS - 1 }) }),
  ),
  refusing: fc.array(fc.record({ seller: fc.nat({ max: SELLERS - 1 }), buyer: fc.nat({ max: BUYERS - 1 }) }), {
    maxLength: 2,
  }),
  toldBefore: fc.subarray([0, 1, 2]),
});

class Refused extends Error {
  constructor(readonly result: GiftResult) {
    super(result);
  }
}

const ledgerRefusals: Record<string, GiftResult> = {
  SW402: 'insufficient_balance',
  SW410: 'recipient_closed',
  SW423: 'on_hold',
};

/**
 * The reference: each gift posted alone through ledger_post(), the one-transfer posting every other money
 * movement uses, with the checks post_gifts() makes (block, then the wish), in a savepoint of its own.
 */
export async function postOneByOne(db: Database, postings: GiftPosting[]): Promise<GiftResult[]> {
  const results: GiftResult[] = [];
  for (const { purchase, transfer, claim } of postings) {
    try {
      await db.transaction(async (tx) => {
        const refusing = await queryRows(
          tx,
          sql`select 1 from blocks where blocker_id = ${purchase.sellerId} and blocked_id = ${purchase.buyerId}
              and refuses_gifts`,
        );
        if (refusing.length > 0) throw new Refused('gifts_refused');
        if (claim) {
          const claimed = await queryRows(
            tx,
            sql`update wishes set purchased = true, updated_at = now()
                where id = ${claim.wishId} and seller_id = ${claim.sellerId} and cost = ${claim.cost}
                  and not archived and not purchased and not allow_repeat_purchases returning id`,
          );
          if (claimed.length === 0) throw new Refused('unavailable');
        }
        const transferId = await postTransfer(tx, transfer);
        if (!transferId) throw new Error('posted before');
        await insertPurchase(tx, purchase, transferId, []);
        await tx.execute(sql`select queue_gift_notice(${purchase.sellerId}, ${purchase.id})`);
        await tx.execute(sql`insert into notifications (user_id, kind, purchase_id)
          values (${purchase.buyerId}, 'purchase_receipt', ${purchase.id})`);
      });
      results.push('ok');
    } catch (err) {
      if (err instanceof Refused) {
        results.push(err.result);
        continue;
      }
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      const refusal = code === undefined ? undefined : ledgerRefusals[code];
      if (!refusal) throw err;
      results.push(refusal);
    }
  }
  return results;
}

/** Everything a batch writes, named by purchase rather than by the random ids of transfers and new lots. */
export async function booksOf(db: Database, userIds: string[], purchaseIds: string[], wishIds: string[]) {
  const q = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
  return {
    // A batch makes the empty accounts of all its buyers, even of those whose gift fails: no balance.
    balances: await q(sql`
      select id, balance_cents::int as cents from ledger_accounts
      where user_id = any(${sql.param(userIds)}::text[]) and balance_cents <> 0 order by id`),
    entries: await q(sql`
      select p.id as purchase, t.kind, t.idempotency_key as key, e.account_id, e.amount_cents::int as cents
      from purchases p join ledger_transfers t on t.id = p.transfer_id join ledger_entries e on e.transfer_id = t.id
      where p.id = any(${sql.param(purchaseIds)}::text[]) order by p.id, e.id`),
    lots: await q(sql`
      select l.user_id, l.kind, coalesce(p.id, 'lot ' || l.id) as made_by, l.amount_cents::int as amount,
        l.remaining_cents::int as remaining
      from token_lots l left join purchases p on p.transfer_id = l.transfer_id
      where l.user_id = any(${sql.param(userIds)}::text[]) order by 1, 2, 3`),
    lotSpends: await q(sql`
      select s.lot_id::int as lot, p.id as purchase, s.amount_cents::int as cents
      from lot_spends s join purchases p on p.transfer_id = s.transfer_id
      where p.id = any(${sql.param(purchaseIds)}::text[]) order by s.id`),
    purchases: await q(sql`
      select id, type, buyer_id, seller_id, product_id, cost_cents::int as cost, recipient_cents::int as recipient,
        affiliate_id, affiliate_cents::int as affiliate, seller_seq::int as seq
      from purchases where id = any(${sql.param(purchaseIds)}::text[]) order by seller_id, seller_seq`),
    wishes: await q(sql`select id, purchased from wishes where id = any(${sql.param(wishIds)}::text[]) order by id`),
    notifications: await q(sql`
      select user_id, kind, purchase_id, gift_seq_after::int as after, not_before > now() as later
      -- A batch writes its receipts after all its creators' notices, one by one each follows its notice.
      from notifications where user_id = any(${sql.param(userIds)}::text[])
      order by kind = 'purchase_receipt', id`),
  };
}
