import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  cleanups,
  control,
  onboardedAccount,
  paidTopUp,
  pay,
  SECRET_KEY,
  setUp,
  startReceiver,
  startSandbox,
  topUp,
  waitFor,
} from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

const TEST_MODE_BANNER = 'this is the Sweetwish card sandbox. No money moves.';

describe('card sandbox', () => {
  describe('checkout sessions through the SDK', () => {
    it('creates and retrieves a session in Stripe shape', async () => {
      const { stripe, base } = await setUp();
      const session = await stripe.checkout.sessions.create(topUp());
      expect(session).toMatchObject({
        object: 'checkout.session',
        url: `${base}/sandbox/checkout/${session.id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 5100,
        amount_subtotal: 5100,
        currency: 'usd',
        metadata: { userId: 'user_1', packageId: 'p50' },
        client_reference_id: 'user_1',
        success_url: 'http://localhost:5172/wallet?checkout={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://localhost:5172/wallet',
        payment_intent: null,
        livemode: false,
        mode: 'payment',
      });
      expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
      expect(session.expires_at - session.created).toBe(24 * 60 * 60);
      expect(Math.abs(session.created - Date.now() / 1000)).toBeLessThan(5);
      expect(session.lastResponse.requestId).toMatch(/^req_/);

      const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
      expect(retrieved.id).toBe(session.id);
      expect(retrieved.amount_total).toBe(5100);
      expect(retrieved.line_items?.data).toEqual([
        expect.objectContaining({ object: 'item', description: '50 tokens', quantity: 1, amount_total: 5100 }),
      ]);
    });

    it('answers a missing object, a missing parameter, an unknown parameter and an unknown path as Stripe does', async () => {
      const { stripe, base } = await setUp();
      const missing = await stripe.checkout.sessions.retrieve('cs_test_nope').catch((e) => e);
      expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });

      const noItems = await stripe.checkout.sessions.create({ mode: 'payment' }).catch((e) => e);
      expect(noItems).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(noItems).toMatchObject({
        statusCode: 400,
        param: 'line_items',
        message: 'Missing required param: line_items.',
      });

      const noQuantity = await stripe.checkout.sessions
        .create(
          topUp({ line_items: [{ price_data: { currency: 'usd', unit_amount: 100, product_data: { name: 'x' } } }] }),
        )
        .catch((e) => e);
      expect(noQuantity).toMatchObject({ statusCode: 400, param: 'line_items[0][quantity]' });

      const unknown = await stripe.checkout.sessions
        .create({ ...topUp(), allow_promotion_codes: true })
        .catch((e) => e);
      expect(unknown).toMatchObject({ statusCode: 400, param: 'allow_promotion_codes' });

      const response = await fetch(`${base}/v1/charges`, { headers: { authorization: `Bearer ${SECRET_KEY}` } });
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toContain('Unrecognized request URL (GET: /v1/charges)');
    });

    it('refuses a wrong API key with StripeAuthenticationError', async () => {
      const { port } = await setUp();
      const wrong = new Stripe('sk_test_wrong_key_1234', { host: '127.0.0.1', port, protocol: 'http' });
      const error = await wrong.checkout.sessions.create(topUp()).catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error.statusCode).toBe(401);
    });

    it('expires a session on request and when its time has passed', async () => {
      let clock = Date.now();
      const { stripe, base, receiver } = await setUp({ now: () => new Date(clock) });
      const session = await stripe.checkout.sessions.create(topUp());
      const expired = await stripe.checkout.sessions.expire(session.id);
      expect(expired.status).toBe('expired');
      const again = await stripe.checkout.sessions.expire(session.id).catch((e) => e);
      expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((await pay(base, session.id)).status).toBe(410);

      const later = await stripe.checkout.sessions.create(topUp());
      clock += 24 * 60 * 60 * 1000 + 1000;
      expect((await stripe.checkout.sessions.retrieve(later.id)).status).toBe('expired');
      await waitFor(() => receiver.events.length === 2, 'two checkout.session.expired deliveries');
      expect(receiver.events.map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).id])).toEqual([
        ['checkout.session.expired', session.id],
        ['checkout.session.expired', later.id],
      ]);
    });
  });

  describe('hosted checkout page', () => {
    it('shows the test-mode banner, the items, the total and the prefilled test card', async () => {
      const { stripe } = await setUp();
      const session = await stripe.checkout.sessions.create(topUp());
      const response = await fetch(session.url as string);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(TEST_MODE_BANNER);
      expect(html).toContain('50 tokens');
      expect(html).toContain('$51.00');
      expect(html).toContain('value="4242 4242 4242 4242"');
      expect(html).toContain('value="12/34"');
      expect(html).toContain('>Pay</button>');
      expect(html).toContain('>Pay with a declined card</button>');
      expect(html).toContain('href="http://localhost:5172/wallet">Cancel</a>');
      expect(html).not.toContain('<script');
      const css = await fetch(new URL('/sandbox/assets/sandbox.css', session.url as string));
      expect(css.headers.get('content-type')).toContain('text/css');
    });

    it('pays with the test card: 303 to the success URL, session paid, one verified checkout.session.completed', async () => {
      const { stripe, base, receiver } = await setUp();
      const session = await stripe.checkout.sessions.create(topUp());

      const response = await pay(base, session.id);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://localhost:5172/wallet?checkout=${session.id}`);

      const paid = await stripe.checkout.sessions.retrieve(session.id);
      expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
      expect(paid.payment_intent).toMatch(/^pi_/);

      await waitFor(() => receiver.events.length === 1, 'the webhook');
      const [event] = receiver.events;
      expect(event).toMatchObject({
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        request: { id: null, idempotency_key: null },
        data: {
          object: {
            id: session.id,
            payment_status: 'paid',
            payment_intent: paid.payment_intent,
            metadata: { userId: 'user_1', packageId: 'p50' },
            amount_total: 5100,
          },
        },
      });
      expect(event?.id).toMatch(/^evt_/);
      expect(receiver.signatureFailures).toBe(0);

      // Paying again shows a page and creates nothing.
      const second = await pay(base, session.id);
      expect(second.status).toBe(409);
      expect(await second.text()).toContain('already paid');
      await untilWebhooksDelivered(base, SECRET_KEY);
      expect(receiver.events).toHaveLength(1);
      const listed = await stripe.events.list({ type: 'checkout.session.completed' });
      expect(listed.data.map((e) => e.id)).toEqual([event?.id]);
      expect((await stripe.events.retrieve(event?.id as string)).pending_webhooks).toBe(0);
    });

    it('declines 4000 0000 0000 0002 and refuses an invalid number, leaving the session open with no event', async () => {
      const { stripe, base, receiver } = await setUp();
      const session = await stripe.checkout.sessions.create(topUp());

      const declined = await pay(base, session.id, { action: 'decline' });
      expect(declined.status).toBe(402);
      expect(await declined.text()).toContain('Your card was declined.');
      const typedDeclined = await pay(base, session.id, { cardNumber: '4000000000000002' });
      expect(await typedDeclined.text()).toContain('Your card was declined.');
      const invalid = await pay(base, session.id, { cardNumber: '4242 4242 4242 4241' });
      expect(invalid.status).toBe(400);
      const invalidHtml = await invalid.text();
      expect(invalidHtml).toContain('Your card number is invalid.');
      expect(invalidHtml).toContain('value="4242 4242 4242 4241"');

      expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
      });
      await untilWebhooksDelivered(base, SECRET_KEY);
      expect(receiver.attempts).toBe(0);
      expect((await stripe.events.list()).data).toEqual([]);
    });
  });

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

  describe('Connect: accounts, onboarding and transfers', () => {
    it('onboards an Express account through the hosted page', async () => {
      const context = await setUp();
      const { stripe, base, receiver } = context;
      const account = await stripe.accounts.create({
        type: 'express',
        country: 'US',
        email: 'creator@example.com',
        capabilities: { transfers: { requested: true } },
        metadata: { userId: 'creator_1' },
      });
      expect(account).toMatchObject({
        object: 'account',
        type: 'express',
        payouts_enabled: false,
        charges_enabled: false,
        details_submitted: false,
        email: 'creator@example.com',
        metadata: { userId: 'creator_1' },
        capabilities: { transfers: 'inactive' },
      });
      expect(account.id).toMatch(/^acct_/);

      const link = await stripe.accountLinks.create({
        account: account.id,
        refresh_url: 'http://localhost:5172/payouts?refresh=1',
        return_url: 'http://localhost:5172/payouts?done=1',
        type: 'account_onboarding',
      });
      expect(link.object).toBe('account_link');
      expect(link.url).toMatch(new RegExp(`^${base}/sandbox/onboarding/`));
      expect(link.expires_at - link.created).toBe(300);

      const pageHtml = await (await fetch(link.url)).text();
      expect(pageHtml).toContain(TEST_MODE_BANNER);
      expect(pageHtml).toContain('>Complete onboarding</button>');
      expect(pageHtml).toContain('>Leave for later</button>');

      const done = await fetch(link.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=complete',
      });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('http://localhost:5172/payouts?done=1');
      expect(await stripe.accounts.retrieve(account.id)).toMatchObject({
        payouts_enabled: true,
        charges_enabled: true,
        details_submitted: true,
        capabilities: { transfers: 'active' },
      });
      // A Connect event: to the Connect endpoint, with its own secret, naming the account.
      const { connectReceiver } = context;
      await waitFor(() => connectReceiver.events.length === 1, 'account.updated');
      expect(receiver.events).toEqual([]);
      expect(connectReceiver.events[0]).toMatchObject({
        type: 'account.updated',
        account: account.id,
        data: { object: { id: account.id, payouts_enabled: true }, previous_attributes: { payouts_enabled: false } },
      });

      // A link works once: coming back sends the user to refresh_url.
      const reused = await fetch(link.url, { redirect: 'manual' });
      expect(reused.status).toBe(303);
      expect(reused.headers.get('location')).toBe('http://localhost:5172/payouts?refresh=1');
    });

    it('leaves onboarding for later without changing the account', async () => {
      const { stripe, base, receiver, connectReceiver } = await setUp();
      const account = await stripe.accounts.create({ type: 'express', country: 'US' });
      const link = await stripe.accountLinks.create({
        account: account.id,
        refresh_url: 'http://localhost:5172/payouts?refresh=1',
        return_url: 'http://localhost:5172/payouts?done=1',
        type: 'account_onboarding',
      });
      const later = await fetch(link.url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=later',
      });
      expect(later.headers.get('location')).toBe('http://localhost:5172/payouts?done=1');
      expect((await stripe.accounts.retrieve(account.id)).payouts_enabled).toBe(false);
      await untilWebhooksDelivered(base, SECRET_KEY);
      expect(receiver.attempts).toBe(0);
      expect(connectReceiver.attempts).toBe(0);
    });

    it('refuses a transfer to an account without payouts, or to one unknown', async () => {
      const { stripe } = await setUp();
      const account = await stripe.accounts.create({ type: 'express', country: 'US' });
      const refused = await stripe.transfers
        .create({ amount: 5000, currency: 'usd', destination: account.id })
        .catch((e) => e);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer' });
      const unknown = await stripe.transfers
        .create({ amount: 5000, currency: 'usd', destination: 'acct_nobody' })
        .catch((e) => e);
      expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(unknown).toMatchObject({ statusCode: 400, param: 'destination' });
    });

    it('makes one transfer for one idempotency key, and refuses transfers when told to', async () => {
      const context = await setUp();
      const { stripe, base, receiver } = context;
      const account = await onboardedAccount(context);
      const params: Stripe.TransferCreateParams = {
        amount: 5000,
        currency: 'usd',
        destination: account.id,
        metadata: { withdrawalId: 'w_1' },
        transfer_group: 'withdrawal_w_1',
        description: 'Sweetwish withdrawal',
      };
      const first = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' });
      const second = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' });
      expect(second.id).toBe(first.id);
      expect(first).toMatchObject({
        object: 'transfer',
        amount: 5000,
        currency: 'usd',
        destination: account.id,
        metadata: { withdrawalId: 'w_1' },
        transfer_group: 'withdrawal_w_1',
        reversed: false,
      });
      expect(first.id).toMatch(/^tr_/);
      expect((await stripe.transfers.retrieve(first.id)).amount).toBe(5000);
      const transfers = await stripe.events.list({ type: 'transfer.created' });
      expect(transfers.data).toHaveLength(1);
      expect(transfers.data[0]?.request).toEqual({
        id: expect.stringMatching(/^req_/),
        idempotency_key: 'withdrawal-w_1',
      });

      const setting = await control(base, `/sandbox/control/accounts/${account.id}/transfers`, { fail: true });
      expect(setting.status).toBe(200);
      const failing = await stripe.transfers.create({ ...params, metadata: { withdrawalId: 'w_2' } }).catch((e) => e);
      expect(failing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(failing).toMatchObject({ statusCode: 400, code: 'transfers_not_allowed' });
      await waitFor(
        () => receiver.events.filter((e) => e.type === 'transfer.created').length === 1,
        'transfer.created',
      );
    });
  });

  describe('test controls', () => {
    it('opens and closes a dispute with charge.dispute.created, funds_withdrawn and closed', async () => {
      const context = await setUp();
      const { base, receiver } = context;
      const { paymentIntent } = await paidTopUp(context);

      expect(
        (await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent }, 'sk_wrong')).status,
      ).toBe(401);
      const opened = await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent });
      expect(opened.status).toBe(200);
      const dispute = (await opened.json()) as Stripe.Dispute;
      expect(dispute).toMatchObject({
        object: 'dispute',
        amount: 5100,
        currency: 'usd',
        payment_intent: paymentIntent,
        status: 'needs_response',
        reason: 'fraudulent',
      });
      expect(dispute.id).toMatch(/^dp_/);
      expect(dispute.charge).toMatch(/^ch_/);
      const twice = await control(base, '/sandbox/control/disputes', { payment_intent: paymentIntent });
      expect(twice.status).toBe(400);

      const closed = await control(base, `/sandbox/control/disputes/${dispute.id}/close`, { status: 'lost' });
      expect(((await closed.json()) as Stripe.Dispute).status).toBe('lost');

      await waitFor(() => receiver.events.length === 4, 'four events');
      expect(receiver.events.map((e) => [e.type, (e.data.object as { status: string }).status])).toEqual([
        ['checkout.session.completed', 'complete'],
        ['charge.dispute.created', 'needs_response'],
        ['charge.dispute.funds_withdrawn', 'needs_response'],
        ['charge.dispute.closed', 'lost'],
      ]);
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
