// Tips per second (issue: wallet and gifting): 2,000 fans tipping one creator at 50 connections on
// PostgreSQL, beside pgbench's built-in TPC-B-like workload on the same server in the same run (each warmed
// up, then run three times, medians compared), then the ledger's reconciliation.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, stop, waitFor } from './api.mjs';
import { benchAddress, json, signIn } from './sign-in.mjs';

const CONNECTIONS = 50;
const DURATION_S = 10;
/**
 * Tips and pgbench are each run this many times and their medians compared: on a 2-core machine one 10 s
 * run of the same build varied from 600 to 1,300 tips a second (decision 040).
 */
const RUNS = 3;
/**
 * Before its measured runs, each side runs once unmeasured for this long: the server's first seconds
 * compile its code and open its connections, and PostgreSQL's first plan its statements. Unwarmed, the first
 * run of tips was always the slowest (p99 121-189 ms against 44-66 for the next two, decision 046).
 */
const WARM_UP_S = 5;
/**
 * Enough fans that none meets the write limits (apps/server/src/http/rate-limits/write-policy.ts: 60
 * tips and purchases a minute per user, each fan from an address of its own): 2,000 fans take up to 120,000
 * tips a minute. The warm-up and the three runs, back to back (35 s), may fall in one minute's window: about
 * 3,400 tips a second before a fan meets the limit, twice what this machine does. A run that meets it fails
 * with its 429s, so the bench never reports the limiter as tipping. Signed in 10 at a time.
 */
export const FANS = 2000;
const SIGN_IN_CONCURRENCY = 10;

/** The run of median throughput (the middle one of an odd number). */
function medianRun(runs, rateOf) {
  return [...runs].sort((a, b) => rateOf(a) - rateOf(b))[Math.floor(runs.length / 2)];
}

/** pgbench's TPC-B-like runs (scale 50, so 50 clients are not all queued on one branch row): their TPS. */
function pgbenchRuns(url) {
  const run = (args) =>
    execFileSync('pgbench', [...args, url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  run(['-i', '-q', '-s', '50']);
  run(['-c', String(CONNECTIONS), '-j', '2', '-T', String(WARM_UP_S), '-n']); // the warm-up
  return Array.from({ length: RUNS }, () => {
    const out = run(['-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), '-n']);
    return Math.round(Number(out.match(/tps = ([\d.]+)/)[1]));
  });
}

export async function measureTips({ root, serverEntry, databaseUrl, nodeArgs = [] }) {
  const names = [
    `sweetwish_tips_${randomBytes(4).toString('hex')}`,
    `sweetwish_pgbench_${randomBytes(4).toString('hex')}`,
  ];
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const urls = [];
  for (const name of names) {
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    urls.push(url.toString());
  }
  const [appDb, pgbenchDb] = urls;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-tips-'));
  const env = {
    ...process.env,
    DATABASE_URL: appDb,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    // Its own data directory: the card sandbox keeps its keys there, never in the repository's ./data.
    DATA_DIR: dataDir,
  };
  let app;
  try {
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    app = spawn(process.execPath, [...nodeArgs, serverEntry], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' },
    });
    await waitFor(`${baseUrl}/api/health`, app);
    console.log(`Tips bench: signing in ${FANS} fans and a creator...`);
    const creatorCookie = await signIn(baseUrl, 0);
    const headers = { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: creatorCookie };
    await json(
      await fetch(`${baseUrl}/api/profile/complete`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ handle: 'bench_creator', displayName: 'Bench Creator' }),
      }),
    );
    const creator = await json(await fetch(`${baseUrl}/api/me`, { headers }));
    const fans = [];
    for (let first = 1; first <= FANS; first += SIGN_IN_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, FANS - first + 1) }, (_, k) => first + k);
      const cookies = await Promise.all(batch.map((n) => signIn(baseUrl, n)));
      fans.push(...cookies.map((cookie, k) => ({ cookie, address: benchAddress(batch[k]) })));
    }
    // Every fan starts with 10,000 tokens, posted as card top-ups through the ledger.
    const client = new pg.Client({ connectionString: appDb });
    await client.connect();
    await client.query(
      `select ledger_post('top_up', 'bench:' || id, null, array['external:card', 'wallet:' || id],
      array[-1000000, 1000000]::bigint[]) from users where id <> $1`,
      [creator.id],
    );
    await client.end();

    let i = 0;
    const runTips = (duration) =>
      autocannon({
        url: baseUrl,
        connections: CONNECTIONS,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/api/tips',
            setupRequest: (req) => {
              const fan = fans[i++ % fans.length];
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  origin: baseUrl,
                  cookie: fan.cookie,
                  'x-forwarded-for': fan.address,
                },
                body: JSON.stringify({ recipientId: creator.id, amount: 1 }),
              };
            },
          },
        ],
      });
    const failuresOf = (result) => result.errors + result.timeouts + (result.non2xx ?? 0);
    if (failuresOf(await runTips(WARM_UP_S)) > 0) throw new Error('tips: failed requests in the warm-up');
    const tipRuns = [];
    for (let r = 0; r < RUNS; r++) {
      const result = await runTips(DURATION_S);
      const errors = failuresOf(result);
      if (errors > 0) throw new Error(`tips: ${errors} failed requests under load`);
      tipRuns.push({
        rps: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        total: result.requests.total,
      });
    }
    await stop(app);
    const reconciliation = execFileSync(process.execPath, [path.join(root, 'apps/server/dist/reconcile.js')], {
      cwd: root,
      env,
      encoding: 'utf8',
    }).trim();
    const pgbench = pgbenchRuns(pgbenchDb);
    return {
      tips: { ...medianRun(tipRuns, (run) => run.rps), runs: tipRuns },
      pgbenchTps: medianRun(pgbench, (tps) => tps),
      pgbenchRuns: pgbench,
      reconciliation,
    };
  } finally {
    if (app) await stop(app);
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
