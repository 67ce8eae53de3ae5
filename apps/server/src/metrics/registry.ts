import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 18), served at /metrics (routes.ts). One registry per process:
 * the counters are bumped where the events happen (one line each), the database and process figures are
 * read when Prometheus scrapes, never on a timer (an idle instance stays quiet: server-idle.int.test.ts).
 */
export const metricsRegistry = new Registry();

/**
 * prom-client's default process figures, but its event-loop lag: that one samples the loop on a 10 ms timer,
 * which woke an idle instance a hundred times a second. Each of the others is read when Prometheus scrapes
 * (GC durations when a collection happens). prom-client has no switch to leave one out, so its metric
 * modules are loaded one by one; the event loop's busyness is read at scrape time below instead.
 */
const PROCESS_METRICS = [
  'processCpuTotal',
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
  'gc',
] as const;
type DefaultMetric = (registry: Registry, config: { prefix: string }) => void;
const requireMetric = createRequire(import.meta.url);
for (const name of PROCESS_METRICS) {
  (requireMetric(`prom-client/lib/metrics/${name}`) as DefaultMetric)(metricsRegistry, { prefix: 'sweetwish_' });
}

/** The event loop's utilisation since the previous scrape (from libuv's own idle time: no timer needed). */
let utilisationSince = performance.eventLoopUtilization();
new Gauge({
  name: 'sweetwish_nodejs_eventloop_utilization_ratio',
  help: 'Share of the time the event loop was busy since the previous scrape (0 to 1)',
  registers: [metricsRegistry],
  collect() {
    const now = performance.eventLoopUtilization();
    this.set(performance.eventLoopUtilization(now, utilisationSince).utilization);
    utilisationSince = now;
  },
});

export const httpRequests = new Counter({
  name: 'sweetwish_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDuration = new Histogram({
  name: 'sweetwish_http_request_duration_seconds',
  help: 'Time to the response headers, by method, route pattern and status (live-event streams excluded)',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const liveConnections = new Gauge({
  name: 'sweetwish_live_connections',
  help: 'Live-event streams (/api/events) open on this instance',
  registers: [metricsRegistry],
});

export const webhookEvents = new Counter({
  name: 'sweetwish_webhook_events_total',
  help: "The card provider's webhook events, by type and outcome (handled, rejected: bad signature, failed)",
  labelNames: ['type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const ledgerTransfersPosted = new Counter({
  name: 'sweetwish_ledger_transfers_total',
  help: 'Ledger transfers posted by this instance, by kind (a repeated idempotency key is not counted)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** Verifies and handles one webhook delivery, counting it by type and outcome; errors pass through. */
export async function countWebhookEvent<T extends { type: string }>(
  verify: () => Promise<T>,
  handle: (event: T) => Promise<void>,
): Promise<void> {
  let type = 'unverified';
  try {
    const event = await verify();
    type = event.type;
    await handle(event);
    webhookEvents.inc({ type, outcome: 'handled' });
  } catch (err) {
    webhookEvents.inc({ type, outcome: type === 'unverified' ? 'rejected' : 'failed' });
    throw err;
  }
}
