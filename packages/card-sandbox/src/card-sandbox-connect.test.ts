import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { control, onboardedAccount, paidTopUp, SECRET_KEY, setUp, waitFor } from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

const TEST_MODE_BANNER = 'this is the Sweetwish card sandbox. No money moves.';

describe('card sandbox', () => {
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
});
