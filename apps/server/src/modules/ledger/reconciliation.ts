import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

export type Discrepancy =
  | { kind: 'unbalanced_transfer'; transferId: string; sumCents: number }
  | { kind: 'lots'; accountId: string; balanceCents: number; lotsCents: number }
  | { kind: 'cached_balance'; accountId: string; cachedCents: number; entriesCents: number }
  | { kind: 'negative_wallet'; accountId: string; balanceCents: number };

/**
 * Every way the ledger could be wrong: a transfer whose entries do not sum to zero, a wallet whose cached
 * balance is not the sum of its entries, a wallet below zero. An empty list means the books balance.
 */
export async function findDiscrepancies(db: Database): Promise<Discrepancy[]> {
  const unbalanced = await queryRows<{ transfer_id: string; sum: string }>(
    db,
    sql`
    select t.id as transfer_id, coalesce(sum(e.amount_cents), 0) as sum
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2`,
  );
  const cached = await queryRows<{ id: string; cached: string; entries: string }>(
    db,
    sql`
    select a.id, a.balance_cents as cached, coalesce(sum(e.amount_cents), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.balance_cents is not null
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(e.amount_cents), 0) or a.balance_cents < 0`,
  );
  // Bought lots add up to the wallet, pending earned lots to the pending account (decision 017).
  const lots = await queryRows<{ id: string; balance: string; lots: string }>(
    db,
    sql`
    select a.id, a.balance_cents as balance, coalesce(sum(l.remaining_cents), 0) as lots
    from ledger_accounts a
    left join token_lots l on l.user_id = a.user_id and l.remaining_cents > 0
      and l.kind = case a.kind when 'wallet' then 'bought' else 'earned' end
    where a.kind in ('wallet', 'earned_pending')
    group by a.id, a.balance_cents
    having a.balance_cents <> coalesce(sum(l.remaining_cents), 0)
    union all
    select (case l.kind when 'bought' then 'wallet:' else 'pending:' end) || l.user_id, 0, sum(l.remaining_cents)
    from token_lots l
    where l.remaining_cents > 0 and not exists (
      select 1 from ledger_accounts a
      where a.id = (case l.kind when 'bought' then 'wallet:' else 'pending:' end) || l.user_id)
    group by l.kind, l.user_id`,
  );
  return [
    ...lots.map((r) => ({
      kind: 'lots' as const,
      accountId: r.id,
      balanceCents: Number(r.balance),
      lotsCents: Number(r.lots),
    })),
    ...unbalanced.map((r) => ({
      kind: 'unbalanced_transfer' as const,
      transferId: r.transfer_id,
      sumCents: Number(r.sum),
    })),
    ...cached.map((r) =>
      Number(r.cached) < 0
        ? { kind: 'negative_wallet' as const, accountId: r.id, balanceCents: Number(r.cached) }
        : {
            kind: 'cached_balance' as const,
            accountId: r.id,
            cachedCents: Number(r.cached),
            entriesCents: Number(r.entries),
          },
    ),
  ];
}
