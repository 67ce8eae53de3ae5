// What counting a visit adds to a page's server time (issue 52: at most 1 ms): the visit counter's count()
// as the page handler calls it, timed over many calls with a browser's headers, and a flush of a busy
// interval's counts to PostgreSQL (off the page's path). Prints JSON for scripts/bench/insights.mjs.
import { openPostgres } from '../../apps/server/src/db/client';
import { createLogger } from '../../apps/server/src/logger';
import { createVisitCounter } from '../../apps/server/src/modules/insights/visit-counter';

const CALLS = 200_000;
const headers = new Headers({
  'user-agent':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
  accept: 'text/html',
});
const database = await openPostgres(process.env.BENCH_DATABASE_URL ?? '');
const counter = createVisitCounter({ db: database.db, logger: createLogger('silent') });
for (let i = 0; i < 10_000; i++) counter.count(`/insights_creator`, headers);
const began = performance.now();
for (let i = 0; i < CALLS; i++) counter.count(i % 2 ? '/insights_creator' : `/x/bench_wish_${i % 50}`, headers);
const perCallUs = ((performance.now() - began) * 1000) / CALLS;
const flushBegan = performance.now();
await counter.flush();
const flushMs = performance.now() - flushBegan;
await database.close();
console.log(
  JSON.stringify({ calls: CALLS, perCallUs: Math.round(perCallUs * 100) / 100, flushMs: Math.round(flushMs) }),
);
