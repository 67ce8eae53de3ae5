// API throughput on PostgreSQL (issue: profiles and wishlists): a public profile with 100 wishes and
// user search over 100,000 users, at 50 connections, beside a minimal Hono handler measured the same way
// in the same run, so the figures can be read against what this machine can do at all.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';

const CONNECTIONS = 50;
const DURATION_S = 10;
const USERS = 100_000;
const WISHES = 100;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited during start`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in time`);
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** 50 connections for 10 s; the requests rotate through `paths`. */
async function load(baseUrl, paths) {
  let i = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  if (errors > 0) throw new Error(`${baseUrl}${paths[0]}: ${errors} failed requests under load`);
  return { rps: Math.round(result.requests.average), p99Ms: result.latency.p99 };
}

async function seed(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // 100,000 creators with complete profiles, and one of them with 100 wishes.
    await client.query(
      `insert into users (id, name, email, handle, display_name)
       select 'u' || n, 'User ' || n, 'user' || n || '@example.com', 'creator_' || n,
              (array['Sweet','Sunny','Lucky','Rosy','Starry'])[1 + n % 5] || ' ' || (array['Heart','Cherry','Petal','Honey','Bloom'])[1 + (n / 5) % 5] || ' ' || n
       from generate_series(1, $1::int) as n`,
      [USERS],
    );
    await client.query(
      `insert into wishes (id, seller_id, name, cost, description, pinned, updated_at)
       select 'w' || n, 'u1', 'Wish number ' || n, 20 + n, 'A thing I would love, number ' || n, n % 10 = 0,
              now() - (n || ' minutes')::interval
       from generate_series(1, $1::int) as n`,
      [WISHES],
    );
    // As autovacuum would soon after a bulk load: it also merges the GIN indexes' pending lists, which a
    // search would otherwise scan row by row.
    await client.query('vacuum analyze users');
    await client.query('vacuum analyze wishes');
  } finally {
    await client.end();
  }
}

/** The app's API and a minimal Hono handler, on a database of their own, measured at 50 connections. */
export async function measureApi({ root, serverEntry, databaseUrl }) {
  const name = `sweetwish_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(databaseUrl);
  dbUrl.pathname = `/${name}`;
  const children = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-api-'));
  try {
    const appPort = await freePort();
    const app = spawn(process.execPath, [serverEntry], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
        // Its own data directory: the card sandbox keeps its keys there, never in the repository's ./data.
        DATA_DIR: dataDir,
      },
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${appPort}`;
    await waitFor(`${appUrl}/api/health`, app);
    console.log(`API bench: seeding ${USERS.toLocaleString('en-US')} users and ${WISHES} wishes on PostgreSQL...`);
    await seed(dbUrl.toString());

    const basePort = await freePort();
    const baseline = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { serve } from '@hono/node-server'; import { Hono } from 'hono';
         const app = new Hono(); app.get('/', (c) => c.json({ ok: true }));
         serve({ fetch: app.fetch, port: ${basePort}, hostname: '127.0.0.1' });`,
      ],
      { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(baseline);
    const baseUrl = `http://127.0.0.1:${basePort}`;
    await waitFor(`${baseUrl}/`, baseline);

    const terms = [
      'creator_4242',
      'sunny',
      'cherry 77',
      'rosy petal',
      'bloom 9',
      'heart 123',
      'lucky',
      'creator_99999',
    ];
    const runs = {
      baseline: await load(baseUrl, ['/']),
      profile: await load(appUrl, ['/api/users/creator_1']),
      wishlist: await load(appUrl, ['/api/users/u1/wishes']),
      search: await load(
        appUrl,
        terms.map((t) => `/api/search/users?q=${encodeURIComponent(t)}`),
      ),
    };
    return runs;
  } finally {
    for (const child of children) await stop(child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
