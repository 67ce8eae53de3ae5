// Insights at scale (issue 52): a creator with 1,000,000 gifts over 3 years and 5,000,000 visits, their
// roll-ups seeded straight into PostgreSQL with generate_series (decision 121's tables, as the trigger and
// the visit counter would have left them), and GET /api/insights for each range at 1 connection: p99
// against 50 ms. Then the cost a page pays to count a visit (scripts/bench/visit-count.ts).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, startApp } from './instances.mjs';
import { json, signIn } from './sign-in.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS) || 10;
const TARGET_P99_MS = 50;
const DAYS = 3 * 365;
const GIFTS = 1_000_000;
const VISITS = 5_000_000;
const SUPPORTERS = 20_000;
const SUPPORTERS_PER_DAY = 300;
const SUPPORTERS_PER_MONTH = 5_000;
const WISHES = 50;
const PENDING_LOTS = Math.round((GIFTS / DAYS) * 7);

/** The seed, in SQL: every figure is spread evenly with some noise over the 3 years before now. */
export function seedSql(creatorId) {
  const perHour = GIFTS / (DAYS * 24);
  const visitsPerDay = VISITS / DAYS;
  return [
    `insert into wishes (id, seller_id, name, cost, is_group_gift, type)
     select 'bench_wish_' || w, '${creatorId}', 'Wish ' || w, 20 + w, w % 10 = 0,
            case when w % 7 = 0 then 'subscription' else 'standard' end
     from generate_series(1, ${WISHES}) w`,
    // ~38 gifts an hour: tips, wishes, group gifts and subscriptions in turn, 80% net.
    `insert into insight_earnings (user_id, hour, source_id, tip_gross, tip_net, tip_count, wish_gross, wish_net,
       wish_count, group_gross, group_net, group_count, subscription_gross, subscription_net, subscription_count)
     select '${creatorId}', h, '${creatorId}', c.t * 500, c.t * 400, c.t, c.w * 3000, c.w * 2400, c.w,
            c.g * 2000, c.g * 1600, c.g, c.s * 1000, c.s * 800, c.s
     from generate_series(date_trunc('hour', now() at time zone 'UTC') - interval '${DAYS} days',
                          date_trunc('hour', now() at time zone 'UTC'), interval '1 hour') h,
          lateral (select (${perHour} * 0.5)::int + (random() * 2)::int as t, (${perHour} * 0.3)::int as w,
                          (${perHour} * 0.1)::int as g, (${perHour} * 0.1)::int + (random())::int as s) c`,
    `insert into insight_earning_days (user_id, day, source_id, tip_gross, tip_net, tip_count, wish_gross, wish_net,
       wish_count, group_gross, group_net, group_count, subscription_gross, subscription_net, subscription_count)
     select user_id, hour::date, source_id, sum(tip_gross), sum(tip_net), sum(tip_count), sum(wish_gross),
            sum(wish_net), sum(wish_count), sum(group_gross), sum(group_net), sum(group_count),
            sum(subscription_gross), sum(subscription_net), sum(subscription_count)
     from insight_earnings group by user_id, hour::date, source_id`,
    `insert into insight_supporters (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at,
       last_at)
     select '${creatorId}', 'day', d::date, 'bench_fan_' || ((f * 7919 + extract(doy from d)::int * 31) % ${SUPPORTERS}),
            3000, case when f % 5 = 0 then 0 else 3000 end, 3, d, d
     from generate_series(current_date - ${DAYS}, current_date, interval '1 day') d,
          generate_series(1, ${SUPPORTERS_PER_DAY}) f
     on conflict do nothing`,
    `insert into insight_supporters (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at,
       last_at)
     select '${creatorId}', 'month', m::date, 'bench_fan_' || ((f * 7919 + extract(month from m)::int) % ${SUPPORTERS}),
            60000 + f, case when f % 5 = 0 then 0 else 60000 + f end, 20, m, m
     from generate_series(date_trunc('month', current_date - ${DAYS}), current_date, interval '1 month') m,
          generate_series(1, ${SUPPORTERS_PER_MONTH}) f
     on conflict do nothing`,
    `insert into insight_supporters (seller_id, period, starts, buyer_id, gross_cents, visible_cents, gifts, first_at,
       last_at)
     select '${creatorId}', 'all', date '1970-01-01', 'bench_fan_' || f, 1500000, 1200000, 50,
            now() - (f % ${DAYS}) * interval '1 day', now() - (f % 30) * interval '1 day'
     from generate_series(0, ${SUPPORTERS - 1}) f`,
    `insert into insight_supporter_days (seller_id, day, firsts, lasts)
     select '${creatorId}', day, sum(firsts), sum(lasts) from (
       select (first_at at time zone 'UTC')::date as day, 1 as firsts, 0 as lasts from insight_supporters where period = 'all'
       union all select (last_at at time zone 'UTC')::date, 0, 1 from insight_supporters where period = 'all') d
     group by day`,
    `insert into insight_wish_sales (seller_id, period, starts, wish_id, purchases)
     select '${creatorId}', 'day', d::date, 'bench_wish_' || w, 1 + (random() * 10)::int
     from generate_series(current_date - ${DAYS}, current_date, interval '1 day') d, generate_series(1, ${WISHES} - 5) w`,
    // 5,000,000 visits: half to the creator's page, 45% to wishes, 5% shared links opened.
    `insert into insight_views (creator_id, period, starts, page, wish_id, views)
     select '${creatorId}', 'day', d::date, p.page, p.wish_id, p.views
     from generate_series(current_date - ${DAYS} + 1, current_date, interval '1 day') d,
          lateral (select 'profile' as page, '' as wish_id, ${Math.round(visitsPerDay * 0.5)} as views
                   union all select 'share', '', ${Math.round(visitsPerDay * 0.05)}
                   union all select 'wish', '', ${Math.round(visitsPerDay * 0.45)}
                   union all select 'wish', 'bench_wish_' || w, ${Math.round((visitsPerDay * 0.45) / WISHES)}
                   from generate_series(1, ${WISHES}) w) p`,
    // Months and all time, summed from the days as the trigger and the visit counter's flush add them.
    `insert into insight_wish_sales (seller_id, period, starts, wish_id, purchases)
     select seller_id, b.period, b.starts, wish_id, sum(purchases) from insight_wish_sales s,
       lateral (values ('month', date_trunc('month', s.starts::timestamp)::date), ('all', date '1970-01-01')) b(period, starts)
     where s.period = 'day' group by seller_id, b.period, b.starts, wish_id`,
    `insert into insight_views (creator_id, period, starts, page, wish_id, views)
     select creator_id, b.period, b.starts, page, wish_id, sum(views) from insight_views v,
       lateral (values ('month', date_trunc('month', v.starts::timestamp)::date), ('all', date '1970-01-01')) b(period, starts)
     where v.period = 'day' group by creator_id, b.period, b.starts, page, wish_id`,
    // The last week's gifts, still pending: ledger_post() leaves one earned lot each, spread over the week here.
    `select ledger_post('tip', 'bench_pending:' || g, null, array['external:card', 'pending:${creatorId}'],
       array[-2400, 2400]::bigint[]) from generate_series(1, ${PENDING_LOTS}) g`,
    `update token_lots set created_at = now() - random() * interval '7 days'
     where user_id = '${creatorId}' and kind = 'earned'`,
    // Vacuumed as a table that has been in use is: autovacuum would otherwise run on the fresh rows mid-bench.
    'vacuum analyze',
  ];
}

async function latency(url, cookie, path) {
  const result = await autocannon({
    url: `${url}${path}`,
    connections: 1,
    duration: DURATION_S,
    headers: { cookie, 'accept-encoding': 'gzip' },
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { path, requests: result.requests.total, p50Ms: result.latency.p50, p99Ms: result.latency.p99 };
}

/**
 * The 12-month range reads a kept list of top supporters (decision 142); a window's first read sums it from
 * the month rows, as the job that keeps it does after gifts. Five such reads, each after the list was
 * dropped: what the job costs, and what the first visitor of a month waits.
 */
async function timeFirstReads(url, cookie, databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const times = [];
  try {
    for (let i = 0; i < 5; i++) {
      await client.query('delete from insight_top_supporters');
      const started = performance.now();
      const response = await fetch(`${url}/api/insights?range=12m&tz=Europe/Berlin`, { headers: { cookie } });
      if (!response.ok) throw new Error(`first 12-month read: ${response.status}`);
      await response.arrayBuffer();
      times.push(Math.round(performance.now() - started));
    }
  } finally {
    await client.end();
  }
  return times;
}

export async function measureInsights({ root, serverEntry, databaseUrl }) {
  const database = await createBenchDatabase(databaseUrl, 'sweetwish_insights');
  let app;
  try {
    app = await startApp({ root, serverEntry, env: { DATABASE_URL: database.url, TRUST_PROXY: 'true' } });
    // The server's own origin (a local PUBLIC_URL is localhost): its same-origin check compares with it.
    const url = app.url.replace('127.0.0.1', 'localhost');
    const cookie = await signIn(url, 0);
    const headers = { 'Content-Type': 'application/json', Origin: url, Cookie: cookie };
    await json(
      await fetch(`${url}/api/profile/complete`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ handle: 'insights_creator', displayName: 'Insights Creator' }),
      }),
    );
    const creator = await json(await fetch(`${url}/api/me`, { headers }));
    console.log('Insights bench: seeding 1,000,000 gifts and 5,000,000 visits of roll-ups...');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const seeded = performance.now();
    let rows;
    try {
      for (const statement of seedSql(creator.id)) await client.query(statement);
      ({ rows } = await client.query(
        `select (select sum(tip_count + wish_count + group_count + subscription_count) from insight_earnings) as gifts,
                (select sum(views) from insight_views where period = 'day' and (page <> 'wish' or wish_id <> '')) as visits`,
      ));
    } finally {
      await client.end();
    }
    const seedS = Math.round((performance.now() - seeded) / 100) / 10;
    const twelveMonthsFirstReadsMs = await timeFirstReads(app.url, cookie, database.url);
    const ranges = [];
    for (const query of ['range=7d', 'range=30d', 'range=12m', 'range=all', 'range=all&by=week']) {
      const path = `/api/insights?${query}&tz=Europe/Berlin`;
      await latency(app.url, cookie, path); // warm-up, unmeasured
      ranges.push(await latency(app.url, cookie, path));
    }
    const visitCount = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/visit-count.ts')], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, BENCH_DATABASE_URL: database.url },
      }),
    );
    return {
      gifts: Number(rows[0].gifts),
      visits: Number(rows[0].visits),
      seedS,
      targetP99Ms: TARGET_P99_MS,
      ranges,
      twelveMonthsFirstReadsMs,
      visitCount,
    };
  } finally {
    await app?.close();
    await database.drop();
  }
}
