import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CUT_CONNECTION_MESSAGE } from './connection-cut';
import {
  cleanups,
  completeOnboarding,
  control,
  onboardedAccount,
  received,
  type SandboxContext,
  SECRET_KEY,
  setUp,
  startReceiver,
  startSandbox,
  waitFor,
  withdrawal,
} from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

/** A transfer posted as the SDK posts it, without the SDK's own retries: what a plain HTTP client sees. */
function postTransfer(base: string, destination: string, idempotencyKey: string, amount = 7000) {
  return fetch(`${base}/v1/transfers`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': idempotencyKey,
    },
    body: new URLSearchParams({ amount: String(amount), currency: 'usd', destination }),
  });
}

async function transfersTo(context: SandboxContext, destination: string) {
  return (await context.stripe.transfers.list({ destination, limit: 100 })).data;
}

describe('test control: fail the next transfer', () => {
  it('refuses the next transfer as Stripe would, replays the refusal for its key, and is then used up', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const account = await onboardedAccount(context);

    expect((await control(base, '/sandbox/control/transfers/fail-next', {}, 'sk_test_wrong')).status).toBe(401);
    const armed = await control(base, '/sandbox/control/transfers/fail-next', {});
    expect(armed.status).toBe(200);
    expect(await armed.json()).toMatchObject({
      object: 'sandbox.transfer_fault',
      fault: 'fail_next',
      account: null,
      armed_faults: 1,
    });

    const params = withdrawal(account.id, 'w_1');
    const refused = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' }).catch((e) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'transfers_not_allowed' });
    expect(refused.headers['idempotent-replayed']).toBeUndefined();

    // The worker's retry with the same key gets the same refusal, never a transfer.
    const retried = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' }).catch((e) => e);
    expect(retried).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(retried).toMatchObject({ statusCode: 400, code: 'transfers_not_allowed' });
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.headers['original-request']).toBe(refused.requestId);
    const otherParams = await stripe.transfers
      .create({ ...params, amount: 6000 }, { idempotencyKey: 'withdrawal-w_1' })
      .catch((e) => e);
    expect(otherParams).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(await transfersTo(context, account.id)).toEqual([]);

    // Used up: the next transfer goes through.
    const paid = await stripe.transfers.create(withdrawal(account.id, 'w_2'), { idempotencyKey: 'withdrawal-w_2' });
    expect((await transfersTo(context, account.id)).map((t) => t.id)).toEqual([paid.id]);
    await waitFor(() => received(receiver, 'transfer.created').length === 1, 'transfer.created');
    expect(received(receiver, 'transfer.created')[0]?.data.object).toMatchObject({ id: paid.id });
  });

  it('limited to one account, waits for a transfer to it; a transfer refused for another reason leaves it armed', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const other = await onboardedAccount(context);
    const limited = await stripe.accounts.create({ type: 'express', country: 'US' });

    const unknown = await control(base, '/sandbox/control/transfers/fail-next', { account: 'acct_nobody' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'resource_missing', param: 'account' } });
    const armed = await control(base, '/sandbox/control/transfers/fail-next', { account: limited.id });
    expect(await armed.json()).toMatchObject({ fault: 'fail_next', account: limited.id, armed_faults: 1 });

    expect((await stripe.transfers.create(withdrawal(other.id, 'w_1'))).object).toBe('transfer');
    // Refused before the fault applies: payouts are not enabled yet, or a parameter is malformed.
    const notEnabled = await stripe.transfers.create(withdrawal(limited.id, 'w_2')).catch((e) => e);
    expect(notEnabled).toMatchObject({ code: 'insufficient_capabilities_for_transfer' });
    const malformed = await stripe.transfers
      .create({ ...withdrawal(limited.id, 'w_3'), currency: 'dollars' })
      .catch((e) => e);
    expect(malformed).toMatchObject({ statusCode: 400, param: 'currency' });

    await completeOnboarding(context, limited.id);
    const refused = await stripe.transfers.create(withdrawal(limited.id, 'w_4')).catch((e) => e);
    expect(refused).toMatchObject({ statusCode: 400, code: 'transfers_not_allowed' });
    expect(refused.message).toContain('test control fail-next');
    expect((await stripe.transfers.create(withdrawal(limited.id, 'w_5'))).object).toBe('transfer');
    expect((await transfersTo(context, limited.id)).map((t) => t.metadata.withdrawalId)).toEqual(['w_5']);
  });

  it('arms one fault per call, and keeps them across a restart on the same state file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'card-sandbox-faults-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const stateFile = path.join(dir, 'state.json');
    const receiver = await startReceiver();
    const first = await startSandbox({ webhookUrl: receiver.url, stateFile });
    const account = await onboardedAccount(first);
    await control(first.base, '/sandbox/control/transfers/fail-next', {});
    const second = await control(first.base, '/sandbox/control/transfers/fail-next', { account: account.id });
    expect(await second.json()).toMatchObject({ armed_faults: 2 });
    await first.close();

    const restarted = await startSandbox({ webhookUrl: receiver.url, stateFile });
    for (const id of ['w_1', 'w_2']) {
      const refused = await restarted.stripe.transfers.create(withdrawal(account.id, id)).catch((e) => e);
      expect(refused).toMatchObject({ code: 'transfers_not_allowed' });
    }
    expect((await restarted.stripe.transfers.create(withdrawal(account.id, 'w_3'))).object).toBe('transfer');
  });

  it('keeps the per-account setting, which refuses every transfer to the account until turned off', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const account = await onboardedAccount(context);
    expect((await control(base, `/sandbox/control/accounts/${account.id}/transfers`, { fail: true })).status).toBe(200);
    for (const id of ['w_1', 'w_2']) {
      expect(await stripe.transfers.create(withdrawal(account.id, id)).catch((e) => e)).toMatchObject({
        code: 'transfers_not_allowed',
      });
    }
    await control(base, `/sandbox/control/accounts/${account.id}/transfers`, { fail: false });
    expect((await stripe.transfers.create(withdrawal(account.id, 'w_3'))).object).toBe('transfer');
  });
});

describe('test control: commit the next transfer, then drop the connection', () => {
  it('on a real socket: the client gets no answer, the transfer exists once, and a retry with the key gets it', async () => {
    const context = await setUp();
    const { base, receiver } = context;
    const account = await onboardedAccount(context);
    const bystander = await onboardedAccount(context);
    const armed = await control(base, '/sandbox/control/transfers/drop-next', { account: account.id });
    expect(await armed.json()).toMatchObject({
      object: 'sandbox.transfer_fault',
      fault: 'drop_next',
      account: account.id,
      replays_to_drop: 0,
    });

    // A transfer to another account is answered as usual.
    expect((await postTransfer(base, bystander.id, 'withdrawal-w_0')).status).toBe(200);

    const cut = await postTransfer(base, account.id, 'withdrawal-w_7').catch((e) => e);
    expect(cut).toBeInstanceOf(TypeError);
    expect(String(cut.message)).toBe('fetch failed');
    const [committed, ...others] = await transfersTo(context, account.id);
    expect(others).toEqual([]);
    expect(committed).toMatchObject({ amount: 7000, destination: account.id });

    const retry = await postTransfer(base, account.id, 'withdrawal-w_7');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(((await retry.json()) as { id: string }).id).toBe(committed?.id);
    // Used up: the next new transfer is answered.
    const next = await postTransfer(base, account.id, 'withdrawal-w_8');
    expect(next.status).toBe(200);
    expect(next.headers.get('idempotent-replayed')).toBeNull();
    expect(await transfersTo(context, account.id)).toHaveLength(2);

    await waitFor(() => received(receiver, 'transfer.created').length === 3, 'three transfer.created');
    await untilWebhooksDelivered(base, SECRET_KEY);
    const created = received(receiver, 'transfer.created').map((e) => e.data.object as Stripe.Transfer);
    expect(created.filter((t) => t.destination === account.id && t.amount === 7000)).toHaveLength(2);
    expect(created.filter((t) => t.id === committed?.id)).toHaveLength(1);
  });

  it('through the SDK: its own retry of a closed connection (same key) gets the stored answer', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const account = await onboardedAccount(context);
    await control(base, '/sandbox/control/transfers/drop-next', {});
    // stripe@23 retries a closed connection (ECONNRESET) once even with maxNetworkRetries: 0.
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w_1'), { idempotencyKey: 'withdrawal-w_1' });
    expect(transfer.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await transfersTo(context, account.id)).map((t) => t.id)).toEqual([transfer.id]);
  });

  it('with replays_to_drop, the SDK call fails with StripeConnectionError and a later call with the key gets the one transfer', async () => {
    const context = await setUp();
    const { stripe, base } = context;
    const account = await onboardedAccount(context);
    const armed = await control(base, '/sandbox/control/transfers/drop-next', {
      account: account.id,
      replays_to_drop: 1,
    });
    expect(await armed.json()).toMatchObject({ fault: 'drop_next', replays_to_drop: 1 });
    const params = withdrawal(account.id, 'w_1', 7000);

    const first = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' }).catch((e) => e);
    expect(first).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const second = await stripe.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' });
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(second).toMatchObject({ object: 'transfer', amount: 7000, destination: account.id });
    expect((await transfersTo(context, account.id)).map((t) => t.id)).toEqual([second.id]);
    expect((await stripe.events.list({ type: 'transfer.created' })).data).toHaveLength(1);

    const otherParams = await stripe.transfers
      .create({ ...params, amount: 8000 }, { idempotencyKey: 'withdrawal-w_1' })
      .catch((e) => e);
    expect(otherParams).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect((await control(base, '/sandbox/control/transfers/drop-next', { replays_to_drop: 11 })).status).toBe(400);
  });

  it("the server's client (maxNetworkRetries 2, the default) fails with StripeConnectionError when its two retries are cut too", async () => {
    const context = await setUp();
    const { base, port } = context;
    const account = await onboardedAccount(context);
    const asTheServer = new Stripe(SECRET_KEY, { host: '127.0.0.1', port, protocol: 'http' });
    const params = withdrawal(account.id, 'w_1', 7000);

    await control(base, '/sandbox/control/transfers/drop-next', { replays_to_drop: 1 });
    const recovered = await asTheServer.transfers.create(params, { idempotencyKey: 'withdrawal-w_1' });
    expect(recovered.lastResponse.headers['idempotent-replayed']).toBe('true');

    await control(base, '/sandbox/control/transfers/drop-next', { replays_to_drop: 2 });
    const failed = await asTheServer.transfers
      .create(withdrawal(account.id, 'w_2', 7000), { idempotencyKey: 'withdrawal-w_2' })
      .catch((e) => e);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect((await transfersTo(context, account.id)).map((t) => t.metadata.withdrawalId)).toEqual(['w_2', 'w_1']);
  }, 15_000);

  it('in-process (app.request, no socket): the body fails instead; with Node bindings the response is destroyed', async () => {
    const context = await setUp();
    const { base, sandbox } = context;
    const account = await onboardedAccount(context);
    const request = (key: string, env?: unknown) =>
      sandbox.app.request(
        '/v1/transfers',
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${SECRET_KEY}`,
            'content-type': 'application/x-www-form-urlencoded',
            'idempotency-key': key,
          },
          body: new URLSearchParams({ amount: '7000', currency: 'usd', destination: account.id }),
        },
        env,
      );

    await control(base, '/sandbox/control/transfers/drop-next', {});
    const cut = await request('withdrawal-w_1');
    expect(cut.status).toBe(200);
    await expect(cut.text()).rejects.toThrow(CUT_CONNECTION_MESSAGE);
    const replay = await request('withdrawal-w_1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const transfer = (await replay.json()) as Stripe.Transfer;
    expect((await transfersTo(context, account.id)).map((t) => t.id)).toEqual([transfer.id]);

    let destroyed = 0;
    const env = { outgoing: { destroy: () => destroyed++ } };
    await control(base, '/sandbox/control/transfers/drop-next', { replays_to_drop: 1 });
    await request('withdrawal-w_2', env);
    expect(destroyed).toBe(1);
    await request('withdrawal-w_2', env);
    expect(destroyed).toBe(2);
    const answered = await request('withdrawal-w_2', env);
    expect(destroyed).toBe(2);
    expect(answered.headers.get('idempotent-replayed')).toBe('true');
    expect(((await answered.json()) as Stripe.Transfer).amount).toBe(7000);
    expect(await transfersTo(context, account.id)).toHaveLength(2);
  });
});
