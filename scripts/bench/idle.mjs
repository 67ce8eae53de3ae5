// An idle instance (issue 16): the built server with no traffic at all, on PostgreSQL (statements per minute,
// read from pg_stat_database, and CPU) and on the embedded database (CPU). Its background loops must rest.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, stop, waitFor } from './api.mjs';

const WINDOW_MS = 60_000;
/** Backends report their counts at the latest 10 s after their last transaction: start-up's are in by then. */
const SETTLE_MS = 11_000;
const CLOCK_TICKS_PER_S = 100;

/** CPU seconds (user and system) a process has used, from /proc. */
function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
}

async function startIdleServer({ root, serverEntry, env }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-idle-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return {
    child,
    close: async () => {
      await stop(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Statements per minute and CPU (% of one core) of an idle instance on PostgreSQL, then CPU on PGlite. */
export async function measureIdle({ root, serverEntry, databaseUrl }) {
  const name = `sweetwish_idle_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(databaseUrl);
  dbUrl.pathname = `/${name}`;
  const transactions = async () => {
    const { rows } = await admin.query(
      'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
      [name],
    );
    return Number(rows[0].count);
  };
  try {
    console.log(`Idle bench: ${WINDOW_MS / 1000} s with no traffic on PostgreSQL, then on PGlite...`);
    const onPostgres = await startIdleServer({ root, serverEntry, env: { DATABASE_URL: dbUrl.toString() } });
    let postgres;
    try {
      await sleep(SETTLE_MS);
      const before = { transactions: await transactions(), cpu: cpuSeconds(onPostgres.child.pid) };
      await sleep(WINDOW_MS);
      const cpu = cpuSeconds(onPostgres.child.pid) - before.cpu;
      // Closing its connections makes every backend report what it has not reported yet.
      await onPostgres.close();
      await sleep(500);
      postgres = {
        statementsPerMinute: Math.round(((await transactions()) - before.transactions) / (WINDOW_MS / 60_000)),
        cpuPercent: Math.round((cpu / (WINDOW_MS / 1000)) * 1000) / 10,
      };
    } finally {
      await onPostgres.close();
    }

    const onPglite = await startIdleServer({ root, serverEntry, env: {} });
    try {
      await sleep(2_000);
      const before = cpuSeconds(onPglite.child.pid);
      await sleep(WINDOW_MS);
      const cpu = cpuSeconds(onPglite.child.pid) - before;
      return { postgres, pgliteCpuPercent: Math.round((cpu / (WINDOW_MS / 1000)) * 1000) / 10 };
    } finally {
      await onPglite.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
