import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * The insight roll-ups counted again from every purchase (what the backfill migration writes), as text rows
 * sorted alike for both: a check that the trigger kept them equal (the property test, an operator's look).
 */
export async function recountFromPurchases(db: Database) {
  const kinds = sql`(select p.*, date_trunc('hour', p.created_at at time zone 'UTC') as hour,
      (p.created_at at time zone 'UTC')::date as day,
      case when p.type = 'tip' then 'tip' when w.type = 'subscription' then 'subscription'
           when w.is_group_gift then 'group' else 'wish' end as kind
    from purchases p left join wishes w on w.id = p.product_id) k`;
  const earnings = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, hour, source_id, sum(g) filter (where kind = 'tip'), sum(n) filter (where kind = 'tip'),
          count(*) filter (where kind = 'tip'), sum(g) filter (where kind = 'wish'), sum(n) filter (where kind = 'wish'),
          count(*) filter (where kind = 'wish'), sum(g) filter (where kind = 'group'), sum(n) filter (where kind = 'group'),
          count(*) filter (where kind = 'group'), sum(g) filter (where kind = 'subscription'),
          sum(n) filter (where kind = 'subscription'), count(*) filter (where kind = 'subscription'),
          sum(n) filter (where kind = 'affiliate'), count(*) filter (where kind = 'affiliate')) as row
        from (select seller_id as user_id, hour, seller_id as source_id, kind, cost_cents as g, recipient_cents as n from ${kinds}
              union all
              select affiliate_id, hour, seller_id, 'affiliate', 0, affiliate_cents from ${kinds}
              where affiliate_id is not null and affiliate_cents > 0) e
        group by user_id, hour, source_id order by 1`,
  );
  const supporters = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, b.period, b.starts, buyer_id, sum(cost_cents),
          sum(case when is_anonymous then 0 else cost_cents end), count(*), min(created_at)) as row
        from ${kinds}, lateral (values ('day', day), ('month', date_trunc('month', day::timestamp)::date),
          ('all', date '1970-01-01')) as b(period, starts)
        group by seller_id, b.period, b.starts, buyer_id order by 1`,
  );
  const sales = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, day, product_id, count(*)) as row from ${kinds}
        where type = 'standard' group by seller_id, day, product_id order by 1`,
  );
  return { earnings: rowsOf(earnings), supporters: rowsOf(supporters), sales: rowsOf(sales) };
}

/** The roll-up tables as they are, in recountFromPurchases()'s form. */
export async function readRollUps(db: Database) {
  const zero = (column: string) => sql.raw(`nullif(${column}, 0)`);
  const earnings = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, hour, source_id, ${zero('tip_gross')}, ${zero('tip_net')}, tip_count,
          ${zero('wish_gross')}, ${zero('wish_net')}, wish_count, ${zero('group_gross')}, ${zero('group_net')}, group_count,
          ${zero('subscription_gross')}, ${zero('subscription_net')}, subscription_count, ${zero('affiliate_net')},
          affiliate_count) as row
        from insight_earnings order by 1`,
  );
  const supporters = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at) as row
        from insight_supporters order by 1`,
  );
  const sales = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, day, wish_id, purchases) as row from insight_wish_sales order by 1`,
  );
  return { earnings: rowsOf(earnings), supporters: rowsOf(supporters), sales: rowsOf(sales) };
}

function rowsOf(rows: { row: string }[]) {
  return rows.map((r) => r.row);
}
