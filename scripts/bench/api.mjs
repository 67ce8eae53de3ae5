// API figures on PostgreSQL: user search over 100,000 users with a new term per request in four classes
// (uncached, at 1 connection for service time and at 50 for throughput), search with the cache, and a
// public profile and its wishlist of 100 with the public cache on and off, each beside a minimal Hono handler
// measured the same way in the same run, so the figures read against what this machine can do at all.
// The uncached figures come from a second server started with PUBLIC_CACHE=off (read only by benchmarks).
// Every request carries the Accept-Encoding a browser sends, so a large public answer comes gzipped.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, freePort, startApp, stop, waitFor } from './instances.mjs';

export { freePort, stop, waitFor };

const CONNECTIONS = 50;
/** Seconds per 50-connection figure and per 1-connection figure; BENCH_SECONDS shortens both (smoke runs). */
const DURATION_S = Number(process.env.BENCH_SECONDS) || 10;
const SERVICE_DURATION_S = Number(process.env.BENCH_SECONDS) || 5;
const WISHES = 100;

const ADJECTIVES = ['sweet', 'sunny', 'lucky', 'rosy', 'starry'];
const NOUNS = ['heart', 'cherry', 'petal', 'honey', 'bloom'];

const random = (n) => Math.floor(Math.random() * n);
const pick = (list) => list[random(list.length)];
const randomLetters = (n, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789') =>
  Array.from({ length: n }, () => alphabet[random(alphabet.length)]).join('');

/**
 * The four classes of search terms, each a generator of a new term per call (from the seeded names:
 * "creator_N" handles, display names "Sunny Petal N"). Misses include terms made of common trigrams, the
 * expensive kind for a trigram index, and terms whose every trigram exists (only the index can tell).
 */
export function searchTermClasses(users) {
  const number = () => 1 + random(users);
  return {
    handles: () => `creator_${number()}`,
    'words and a number': () => `${pick(ADJECTIVES)} ${pick(NOUNS)} ${number()}`,
    prefixes: () => {
      const word = pick([...ADJECTIVES, ...NOUNS]);
      return pick([
        () => word.slice(0, 3 + random(word.length - 2)),
        () => `${pick(NOUNS)}${1 + random(9)}`,
        () => `creator_${1 + random(99)}`,
      ])();
    },
    misses: () =>
      pick([
        () => randomLetters(4 + random(3)),
        () => `creator_${randomLetters(1, 'xqzjvw')}${randomLetters(3)}`,
        () => `${pick(NOUNS).slice(-3)} ${pick(NOUNS).slice(0, 3)} ${randomLetters(2, 'xqzjvw')}`,
        () => `creator_${users * 10 + random(users * 90)}`,
      ])(),
  };
}

/** What every browser sends: the server gzips a large public answer (the wishlist) for such a client. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** `connections` connections for `seconds`; each request's path from `nextPath()`, asked as a browser asks. */
async function load(baseUrl, nextPath, { connections = CONNECTIONS, seconds = DURATION_S } = {}) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  if (errors > 0) throw new Error(`${baseUrl}${nextPath()}: ${errors} failed requests under load`);
  return {
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
  };
}

const serviceTime = (baseUrl, nextPath) => load(baseUrl, nextPath, { connections: 1, seconds: SERVICE_DURATION_S });
const searchPath = (term) => `/api/search/users?q=${encodeURIComponent(term)}`;

async function seed(url, users) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Creators with complete profiles, and one of them with 100 wishes.
    await client.query(
      `insert into users (id, name, email, handle, display_name)
       select 'u' || n, 'User ' || n, 'user' || n || '@example.com', 'creator_' || n,
              (array['Sweet','Sunny','Lucky','Rosy','Starry'])[1 + n % 5] || ' ' || (array['Heart','Cherry','Petal','Honey','Bloom'])[1 + (n / 5) % 5] || ' ' || n
       from generate_series(1, $1::int) as n`,
      [users],
    );
    await client.query(
      `insert into wishes (id, seller_id, name, cost, description, pinned, updated_at)
       select 'w' || n, 'u1', 'Wish number ' || n, 20 + n, 'A thing I would love, number ' || n, n % 10 = 0,
              now() - (n || ' minutes')::interval
       from generate_series(1, $1::int) as n`,
      [WISHES],
    );
    // As autovacuum would soon after a bulk load: it also merges the GIN indexes' pending lists, which a
    // search would otherwise scan row by row, and gives the planner each table's statistics. That includes
    // the tables the users' triggers filled (user_search_words, user_search_trigrams): a test server may run
    // without autovacuum (the CI machine's does), where they would stay without statistics for the whole run.
    for (const table of ['users', 'wishes', 'user_search_words', 'user_search_trigrams']) {
      await client.query(`vacuum analyze ${table}`);
    }
  } finally {
    await client.end();
  }
}

async function startBaseline(root) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
       const app = new Hono(); app.get('/', (c) => c.json({ ok: true }));
       serve({ fetch: app.fetch, port: ${port}, hostname: '127.0.0.1' });`,
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/`, child);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { url, close: () => stop(child) };
}

/**
 * The app's API and a minimal Hono handler, on a database of their own with `users` creators. One server at
 * a time runs beside the baseline: first with the public cache (as in production), then without it.
 */
export async function measureApi({ root, serverEntry, databaseUrl, users = 100_000 }) {
  const database = await createBenchDatabase(databaseUrl, 'sweetwish_bench');
  const open = [];
  const started = async (promise) => {
    const server = await promise;
    open.push(server);
    return server;
  };
  const env = (cache) => ({ DATABASE_URL: database.url, PUBLIC_CACHE: cache });
  try {
    const cached = await started(startApp({ root, serverEntry, env: env('on') }));
    console.log(`API bench: seeding ${users.toLocaleString('en-US')} users and ${WISHES} wishes on PostgreSQL...`);
    await seed(database.url, users);
    const baselineServer = await started(startBaseline(root));
    const base = () => '/';
    const baseline = {
      serviceTime: await serviceTime(baselineServer.url, base),
      ...(await load(baselineServer.url, base)),
    };

    console.log('API bench: profile, wishlist and search with the public cache...');
    const cachedTerms = ['creator_4242', 'sunny', 'cherry 77', 'rosy petal', 'bloom 9', 'heart 123', 'lucky', 'x7kq'];
    let turn = 0;
    const withCache = {
      profile: await load(cached.url, () => '/api/users/creator_1'),
      wishlist: await load(cached.url, () => '/api/users/u1/wishes'),
      search: await load(cached.url, () => searchPath(cachedTerms[turn++ % cachedTerms.length])),
    };
    await cached.close();

    console.log('API bench: the same without the cache (PUBLIC_CACHE=off), search with a new term per request...');
    const uncached = await started(startApp({ root, serverEntry, env: env('off') }));
    const withoutCache = {
      profile: await load(uncached.url, () => '/api/users/creator_1'),
      wishlist: await load(uncached.url, () => '/api/users/u1/wishes'),
    };
    const search = {};
    for (const [name, nextTerm] of Object.entries(searchTermClasses(users))) {
      const next = () => searchPath(nextTerm());
      search[name] = { serviceTime: await serviceTime(uncached.url, next), ...(await load(uncached.url, next)) };
      console.log(
        `  ${name}: 1 conn p50/p90/p99 ${search[name].serviceTime.p50Ms}/${search[name].serviceTime.p90Ms}/` +
          `${search[name].serviceTime.p99Ms} ms; 50 conns ${search[name].rps} req/s, p99 ${search[name].p99Ms} ms`,
      );
    }
    return { users, baseline, withCache, withoutCache, search };
  } finally {
    for (const server of open) await server.close();
    await database.drop();
  }
}
