import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cleanups, control, pay, SECRET_KEY, setUp, startReceiver, startSandbox, topUp, waitFor } from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

describe('card sandbox', () => {
  describe('webhook delivery', () => {
    it('retries after failures and delivers on the third attempt', async () => {
      const { stripe, base, receiver } = await setUp({ retryDelaysMs: [10, 10, 10] });
      receiver.failuresToGive = 2;
      const session = await stripe.checkout.sessions.create(topUp());
      await pay(base, session.id);
      await waitFor(() => receiver.events.length === 1, 'the delivery');
      expect(receiver.attempts).toBe(3);
      await untilWebhooksDelivered(base, SECRET_KEY);
      expect(receiver.attempts).toBe(3);
    });

    it('keeps a pending delivery in the state file across close() and a new sandbox', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-sandbox-'));
      cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const stateFile = path.join(dir, 'state.json');
      const receiver = await startReceiver();
      let failedAttempts = 0;
      const first = await startSandbox({
        webhookUrl: receiver.url,
        stateFile,
        retryDelaysMs: [60_000],
        fetch: async () => {
          failedAttempts += 1;
          throw new TypeError('fetch failed');
        },
      });
      const session = await first.stripe.checkout.sessions.create(topUp());
      await pay(first.base, session.id);
      await waitFor(() => failedAttempts === 1, 'the first, failing attempt');
      await first.close();
      const saved = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { deliveries: { attempts: number }[] };
      expect(saved.deliveries).toEqual([expect.objectContaining({ attempts: 1, lastError: 'fetch failed' })]);

      // A minute later, the next sandbox on the same file picks the retry up.
      const second = await startSandbox({
        webhookUrl: receiver.url,
        stateFile,
        retryDelaysMs: [60_000],
        now: () => new Date(Date.now() + 61_000),
      });
      await waitFor(() => receiver.events.length === 1, 'the resumed delivery');
      expect(receiver.events[0]).toMatchObject({
        type: 'checkout.session.completed',
        data: { object: { id: session.id } },
      });
      expect((await second.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
      await second.close();
      expect(JSON.parse(fs.readFileSync(stateFile, 'utf8')).deliveries).toEqual([]);
    });

    it('redelivers an event on request', async () => {
      const { stripe, base, receiver } = await setUp();
      const session = await stripe.checkout.sessions.create(topUp());
      await pay(base, session.id);
      await waitFor(() => receiver.events.length === 1, 'the delivery');
      const response = await control(base, '/sandbox/control/webhooks/redeliver', { event_id: receiver.events[0]?.id });
      expect(response.status).toBe(200);
      await waitFor(() => receiver.events.length === 2, 'the redelivery');
      expect(receiver.events[1]?.id).toBe(receiver.events[0]?.id);
    });
  });

  describe('idempotency', () => {
    it('replays the stored answer for the same key and parameters, and refuses other parameters', async () => {
      const { stripe } = await setUp();
      const first = await stripe.checkout.sessions.create(topUp(), { idempotencyKey: 'topup-1' });
      const replay = await stripe.checkout.sessions.create(topUp(), { idempotencyKey: 'topup-1' });
      expect(replay.id).toBe(first.id);
      expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();

      const other = await stripe.checkout.sessions
        .create(topUp({ client_reference_id: 'user_2' }), { idempotencyKey: 'topup-1' })
        .catch((e) => e);
      expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(other.statusCode).toBe(400);
    });
  });

  describe('events', () => {
    it('lists events newest first with limit, starting_after and type', async () => {
      const { stripe } = await setUp();
      const account = await stripe.accounts.create({ type: 'express' });
      const sessions = [];
      for (let i = 0; i < 3; i++) {
        const session = await stripe.checkout.sessions.create(topUp());
        await stripe.checkout.sessions.expire(session.id);
        sessions.push(session.id);
      }
      const firstPage = await stripe.events.list({ limit: 2 });
      expect(firstPage.object).toBe('list');
      expect(firstPage.has_more).toBe(true);
      expect(firstPage.data.map((e) => (e.data.object as { id: string }).id)).toEqual([sessions[2], sessions[1]]);
      const secondPage = await stripe.events.list({ limit: 2, starting_after: firstPage.data[1]?.id });
      expect(secondPage.has_more).toBe(false);
      expect(secondPage.data.map((e) => (e.data.object as { id: string }).id)).toEqual([sessions[0]]);
      expect((await stripe.events.list({ type: 'account.updated' })).data).toEqual([]);
      expect((await stripe.events.list({ type: 'checkout.session.*' })).data).toHaveLength(3);
      expect(account.id).toMatch(/^acct_/);
    });
  });
});
