import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { seedTokens, seedUser } from '../../test/seed';
import { signInByPhone } from '../../test/sign-in-helpers';
import type { DatabaseHandle } from '../db/client';

const TOKEN = 'metrics-token-metrics-token-0123456789';
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** The value of one series in Prometheus's text format (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(app: App): Promise<string> {
  const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

describe.each(databaseKinds())('/metrics on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app } = await buildTestApp(database, {
      env: {
        METRICS_TOKEN: TOKEN,
        STRIPE_SECRET_KEY: 'sk_test_metrics',
        STRIPE_WEBHOOK_SECRET: 'whsec_metrics0123456789',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_metrics_connect_0123456789',
      },
    }));
  });
  afterAll(() => database.close());

  it('is not served without METRICS_TOKEN, nor without the token', async () => {
    const { app: plain } = await buildTestApp(database);
    expect((await plain.request('/metrics')).status).toBe(404);
    expect((await app.request('/metrics')).status).toBe(401);
    const wrong = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN.replace('0', '1')}` } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('sweetwish_');
  });

  it('counts requests by route pattern and status, never by id', async () => {
    const seller = await seedUser(database.db);
    const series = 'sweetwish_http_requests_total{method="GET",route="/api/users/:id/wishes",status="200"}';
    const before = seriesValue(await scrape(app), series);
    expect((await app.request(`/api/users/${seller.id}/wishes`)).status).toBe(200);
    expect((await app.request(`/api/users/${seller.id}/wishes`)).status).toBe(200);
    const text = await scrape(app);
    expect(seriesValue(text, series) - before).toBe(2);
    expect(text).not.toContain(seller.id);
    expect(text).toContain(
      'sweetwish_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/users/:id/wishes",status="200"}',
    );
  });

  it('counts ledger transfers by kind and webhook events by outcome', async () => {
    const user = await seedUser(database.db);
    const topUps = 'sweetwish_ledger_transfers_total{kind="top_up"}';
    const rejected = 'sweetwish_webhook_events_total{type="unverified",outcome="rejected"}';
    const before = await scrape(app);
    await seedTokens(database.db, user.id, 500);
    // A forged delivery to each endpoint: the platform's and the Connect one.
    for (const path of ['/api/payments/webhook', '/api/payments/connect-webhook']) {
      const res = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=forged' },
        body: '{"id":"evt_forged","type":"checkout.session.completed"}',
      });
      expect(res.status).toBe(400);
    }
    const after = await scrape(app);
    expect(seriesValue(after, topUps) - seriesValue(before, topUps)).toBe(1);
    expect(seriesValue(after, rejected) - seriesValue(before, rejected)).toBe(2);
  });

  it('reads the job queues, the pool and the open streams when scraped', async () => {
    const cookie = await signInByPhone(app);
    const stream = await app.request('/api/events', { headers: { Cookie: cookie } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the "ready" event: the stream is counted
    const text = await scrape(app);
    expect(seriesValue(text, 'sweetwish_live_connections')).toBe(1);
    expect(text).toContain('sweetwish_jobs_waiting{type="notification"}');
    expect(text).toContain('sweetwish_jobs_oldest_due_age_seconds{type="withdrawal"} 0');
    expect(text).toMatch(/sweetwish_database_pool_connections\{state="idle"\} \d+/);
    expect(text).toContain('sweetwish_process_cpu_seconds_total');
    expect(text).toContain('sweetwish_nodejs_heap_size_used_bytes');
    expect(text).toMatch(/sweetwish_nodejs_eventloop_utilization_ratio (0|1|0\.\d+)(e-\d+)?\n/);
    await reader.cancel();
  });
});
