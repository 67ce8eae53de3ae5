import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { Gauge } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { errorBody } from '../http/error-handler';
import { metricsRegistry } from './registry';
import { countWithdrawalsByStatus, readQueues } from './repo';

const jobsWaiting = new Gauge({
  name: 'sweetwish_jobs_waiting',
  help: 'Jobs waiting in the database queues, by type (read at scrape time)',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});
const jobsOldestDue = new Gauge({
  name: 'sweetwish_jobs_oldest_due_age_seconds',
  help: 'How long the oldest job that is due has waited, by type; 0 when none is due (read at scrape time)',
  labelNames: ['type'] as const,
  registers: [metricsRegistry],
});
const withdrawalsByStatus = new Gauge({
  name: 'sweetwish_withdrawals',
  help: 'Withdrawals by status (read at scrape time)',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});
const databasePool = new Gauge({
  name: 'sweetwish_database_pool_connections',
  help: "This instance's PostgreSQL pool: connections in use, idle, and queries waiting for one",
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

function isToken(given: string | undefined, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * GET /metrics in Prometheus's text format, only to a request bearing METRICS_TOKEN; without the setting,
 * 404 as for any unknown path (decision 020). Prometheus scrapes each instance at its own address.
 */
export function metricsRoutes(deps: { database: DatabaseHandle; token: string | undefined }) {
  const app = new Hono();
  app.get('/metrics', async (c) => {
    if (!deps.token) return c.json(errorBody('NOT_FOUND', 'Not found'), 404);
    if (!isToken(c.req.header('authorization'), deps.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json(errorBody('UNAUTHENTICATED', 'A valid metrics token is required'), 401);
    }
    const [queues, withdrawals] = await Promise.all([
      readQueues(deps.database.db),
      countWithdrawalsByStatus(deps.database.db),
    ]);
    for (const queue of queues) {
      jobsWaiting.set({ type: queue.type }, queue.waiting);
      jobsOldestDue.set({ type: queue.type }, queue.oldestDueSeconds);
    }
    withdrawalsByStatus.reset();
    for (const row of withdrawals) withdrawalsByStatus.set({ status: row.status }, row.count);
    const pool = deps.database.poolUse();
    databasePool.set({ state: 'used' }, pool.used);
    databasePool.set({ state: 'idle' }, pool.idle);
    databasePool.set({ state: 'waiting' }, pool.waiting);
    return c.body(await metricsRegistry.metrics(), 200, { 'Content-Type': metricsRegistry.contentType });
  });
  return app;
}
