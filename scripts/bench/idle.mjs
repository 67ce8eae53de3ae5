// An idle instance (issue 16): the built server with no traffic at all, on PostgreSQL (statements per minute,
// read from pg_stat_database, and CPU) and on the embedded database (CPU). Its background loops must rest.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDatabase, startApp } from './instances.mjs';

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

/** Statements per minute and CPU (% of one core) of an idle instance on PostgreSQL, then CPU on PGlite. */
export async function measureIdle({ root, serverEntry, databaseUrl }) {
  const database = await createBenchDatabase(databaseUrl, 'sweetwish_idle');
  const transactions = async () => {
    const { rows } = await database.admin.query(
      'select xact_commit + xact_rollback as count from pg_stat_database where datname = $1',
      [database.name],
    );
    return Number(rows[0].count);
  };
  try {
    console.log(`Idle bench: ${WINDOW_MS / 1000} s with no traffic on PostgreSQL, then on PGlite...`);
    const onPostgres = await startApp({ root, serverEntry, env: { DATABASE_URL: database.url } });
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

    const onPglite = await startApp({ root, serverEntry });
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
    await database.drop();
  }
}
