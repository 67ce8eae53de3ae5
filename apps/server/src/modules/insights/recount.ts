import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

const EARNING_SUMS = sql.raw(`sum(g) filter (where kind = 'tip'), sum(n) filter (where kind = 'tip'),
  count(*) filter (where kind = 'tip'), sum(g) filter (where kind = 'wish'), sum(n) filter (where kind = 'wish'),
  count(*) filter (where kind = 'wish'), sum(g) filter (where kind = 'group'), sum(n) filter (where kind = 'group'),
  count(*) filter (where kind = 'group'), sum(g) filter (where kind = 'subscription'),
  sum(n) filter (where kind = 'subscription'), count(*) filter (where kind = 'subscription'),
  sum(n) filter (where kind = 'affiliate'), count(*) filter (where kind = 'affiliate')`);

const EARNING_COLUMNS = sql.raw(`nullif(tip_gross, 0), nullif(tip_net, 0), tip_count, nullif(wish_gross, 0),
  nullif(wish_net, 0), wish_count, nullif(group_gross, 0), nullif(group_net, 0), group_count,
  nullif(subscription_gross, 0), nullif(subscription_net, 0), subscription_count, nullif(affiliate_net, 0),
  affiliate_count`);

/**
 * The insight roll-ups counted again from every purchase (what the backfill migrations write), as text rows
 * sorted alike for both: a check that the trigger kept them equal (the property test, an operator's look).
 */
export async function recountFromPurchases(db: Database) {
  const kinds = sql`(select p.*, date_trunc('hour', p.created_at at time zone 'UTC') as hour,
      (p.created_at at time zone 'UTC')::date as day,
      case when p.type = 'tip' then 'tip' when w.type = 'subscription' then 'subscription'
           when w.is_group_gift then 'group' else 'wish' end as kind
    from purchases p left join wishes w on w.id = p.product_id) k`;
  const shares = sql`(select seller_id as user_id, hour, day, seller_id as source_id, kind, cost_cents as g,
          recipient_cents as n from ${kinds}
        union all
        select affiliate_id, hour, day, seller_id, 'affiliate', 0, affiliate_cents from ${kinds}
        where affiliate_id is not null and affiliate_cents > 0) e`;
  const earnings = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, hour, source_id, ${EARNING_SUMS}) as row from ${shares}
        group by user_id, hour, source_id order by 1`,
  );
  const earningDays = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, day, source_id, ${EARNING_SUMS}) as row from ${shares}
        group by user_id, day, source_id order by 1`,
  );
  const supporters = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, b.period, b.starts, buyer_id, sum(cost_cents),
          sum(case when is_anonymous then 0 else cost_cents end), count(*), min(created_at), max(created_at)) as row
        from ${kinds}, lateral (values ('day', day), ('month', date_trunc('month', day::timestamp)::date),
          ('all', date '1970-01-01')) as b(period, starts)
        group by seller_id, b.period, b.starts, buyer_id order by 1`,
  );
  const supporterDays = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, day, sum(firsts), sum(lasts)) as row from (
          select seller_id, (min(created_at) at time zone 'UTC')::date as day, 1 as firsts, 0 as lasts
          from purchases group by seller_id, buyer_id
          union all
          select seller_id, (max(created_at) at time zone 'UTC')::date, 0, 1 from purchases group by seller_id, buyer_id) d
        group by seller_id, day order by 1`,
  );
  const sales = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, b.period, b.starts, product_id, count(*)) as row
        from ${kinds}, lateral (values ('day', day), ('month', date_trunc('month', day::timestamp)::date),
          ('all', date '1970-01-01')) as b(period, starts)
        where type = 'standard' group by seller_id, b.period, b.starts, product_id order by 1`,
  );
  return {
    earnings: rowsOf(earnings),
    earningDays: rowsOf(earningDays),
    supporters: rowsOf(supporters),
    supporterDays: rowsOf(supporterDays),
    sales: rowsOf(sales),
  };
}

/** The roll-up tables as they are, in recountFromPurchases()'s form (days whose counts went back to 0 left out). */
export async function readRollUps(db: Database) {
  const earnings = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, hour, source_id, ${EARNING_COLUMNS}) as row from insight_earnings order by 1`,
  );
  const earningDays = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', user_id, day, source_id, ${EARNING_COLUMNS}) as row from insight_earning_days order by 1`,
  );
  const supporters = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at,
          last_at) as row
        from insight_supporters order by 1`,
  );
  const supporterDays = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, day, firsts, lasts) as row from insight_supporter_days
        where firsts <> 0 or lasts <> 0 order by 1`,
  );
  const sales = await queryRows<{ row: string }>(
    db,
    sql`select concat_ws('|', seller_id, period, starts, wish_id, purchases) as row from insight_wish_sales order by 1`,
  );
  return {
    earnings: rowsOf(earnings),
    earningDays: rowsOf(earningDays),
    supporters: rowsOf(supporters),
    supporterDays: rowsOf(supporterDays),
    sales: rowsOf(sales),
  };
}

function rowsOf(rows: { row: string }[]) {
  return rows.map((r) => r.row);
}
