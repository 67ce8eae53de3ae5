import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { pay, SECRET_KEY, setUp, topUp, waitFor } from './test-support';
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
});
