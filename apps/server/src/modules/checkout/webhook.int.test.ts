import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedUser, spendableCents } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { reconcile } from '../wallet/service';
import { insertTopUp } from './repo';

const SECRET = 'whsec_test0123456789abcdef';
const stripe = new Stripe('sk_test_unused');
type App = Awaited<ReturnType<typeof buildTestApp>>['app'];

/** A delivery as Stripe would send it: the event's JSON and its signature header. */
function delivery(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { payload, header };
}

function completedEvent(sessionId: string, amountTotal: number, type = 'checkout.session.completed') {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: amountTotal,
        currency: 'usd',
        payment_intent: `pi_${randomUUID().replace(/-/g, '')}`,
      },
    },
  };
}

describe.each(databaseKinds())('card webhooks on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (
      await buildTestApp(database, {
        env: {
          STRIPE_SECRET_KEY: 'sk_test_unused',
          STRIPE_WEBHOOK_SECRET: SECRET,
          STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_unused',
        },
      })
    ).app;
  });
  afterAll(() => database.close());

  const send = ({ payload, header }: { payload: string; header: string }) =>
    app.request('/api/payments/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    });
  const balance = (userId: string) => spendableCents(database.db, userId);

  /** A user with an open top-up of `quantity` tokens, as startTopUp leaves it. */
  async function openTopUp(quantity: number, totalCents: number) {
    const user = await seedUser(database.db);
    const sessionId = `cs_test_${randomUUID().replace(/-/g, '')}`;
    await insertTopUp(database.db, { id: sessionId, userId: user.id, quantity, totalCents });
    return { user, sessionId };
  }

  it('credits each top-up once, whatever the number, order and overlap of its deliveries', async () => {
    // 50 tokens cost $50 + $1 fee; 500 cost $450 (10% off) + $5 (fee capped).
    const topUps = await Promise.all([
      ...Array.from({ length: 6 }, () => openTopUp(50, 5100)),
      ...Array.from({ length: 4 }, () => openTopUp(500, 45500)),
    ]);
    const deliveries = topUps.flatMap(({ sessionId }, i) => {
      const event = completedEvent(sessionId, i < 6 ? 5100 : 45500);
      const copies = 1 + (i % 5);
      // A second, distinct event for the same payment must not credit it twice either.
      const twin =
        i % 3 === 0
          ? [delivery(completedEvent(sessionId, i < 6 ? 5100 : 45500, 'checkout.session.async_payment_succeeded'))]
          : [];
      return [...Array.from({ length: copies }, () => delivery(event)), ...twin];
    });
    deliveries.sort(() => Math.random() - 0.5);
    const statuses = await Promise.all(deliveries.map(send)).then((all) => all.map((r) => r.status));
    expect(statuses.every((s) => s === 200)).toBe(true);
    for (const [i, { user }] of topUps.entries()) expect(await balance(user.id)).toBe(i < 6 ? 5000 : 50000);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('answers 400 and changes nothing for a tampered body, a wrong secret or a stale timestamp', async () => {
    const { user, sessionId } = await openTopUp(100, 10200);
    const event = completedEvent(sessionId, 10200);
    const good = delivery(event);
    const tampered = { payload: good.payload.replace('10200', '99999'), header: good.header };
    const wrongSecret = delivery(event, { secret: 'whsec_someoneelse0123' });
    const stale = delivery(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    for (const bad of [tampered, wrongSecret, stale, { payload: good.payload, header: '' }]) {
      expect((await send(bad)).status).toBe(400);
    }
    expect(await balance(user.id)).toBe(0);
    expect((await send(good)).status).toBe(200);
    expect(await balance(user.id)).toBe(10000);
  });

  it('answers 400 and records nothing for a validly signed event without the parts every event has', async () => {
    const { user, sessionId } = await openTopUp(100, 10200);
    const event = completedEvent(sessionId, 10200);
    const { data: _, ...withoutData } = event;
    const { id: __, ...withoutId } = event;
    const malformed = [
      withoutData,
      { ...event, data: null },
      { ...event, data: {} },
      { ...event, data: { object: 'cs_test' } },
      { ...event, data: { object: [] } },
      withoutId,
      { ...event, id: 42 },
      { ...event, type: undefined },
      { ...event, data: { object: { ...event.data.object, id: undefined } } },
      { ...event, type: 'checkout.session.expired', data: { object: { object: 'checkout.session' } } },
      'not an object',
      null,
    ];
    for (const bad of malformed) {
      const res = await send(delivery(bad as Record<string, unknown>));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: 'VALIDATION', message: 'Invalid webhook event', fields: { body: 'Invalid webhook event' } },
      });
    }
    expect(await balance(user.id)).toBe(0);
    // The same event id, whole this time, is still applied: the refused deliveries recorded nothing.
    expect((await send(delivery(event))).status).toBe(200);
    expect(await balance(user.id)).toBe(10000);
  });

  it('acknowledges an event of a kind it does not handle, whatever its object', async () => {
    const balanceEvent = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'balance.available',
      data: { object: { object: 'balance', available: [] } },
    };
    expect((await send(delivery(balanceEvent))).status).toBe(200);
  });

  it('credits nothing for an amount other than the one asked, an unpaid session or an unknown one', async () => {
    const { user, sessionId } = await openTopUp(100, 10200);
    expect((await send(delivery(completedEvent(sessionId, 100)))).status).toBe(200);
    const unpaid = completedEvent(sessionId, 10200);
    unpaid.data.object.payment_status = 'unpaid';
    expect((await send(delivery(unpaid))).status).toBe(200);
    expect((await send(delivery(completedEvent('cs_test_not_ours', 10200)))).status).toBe(200);
    expect(await balance(user.id)).toBe(0);
  });

  it('credits a paid top-up whose row was never recorded, from the session it started, at our own price', async () => {
    const user = await seedUser(database.db);
    const lost = completedEvent(`cs_test_${randomUUID().replace(/-/g, '')}`, 10200);
    Object.assign(lost.data.object, { metadata: { userId: user.id, quantity: '100' } });
    expect((await send(delivery(lost))).status).toBe(200);
    expect(await balance(user.id)).toBe(10000);
    // A session whose amount is not what its quantity costs is not credited.
    const wrong = completedEvent(`cs_test_${randomUUID().replace(/-/g, '')}`, 500);
    Object.assign(wrong.data.object, { metadata: { userId: user.id, quantity: '100' } });
    expect((await send(delivery(wrong))).status).toBe(200);
    expect(await balance(user.id)).toBe(10000);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});
