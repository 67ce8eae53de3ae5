import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { control, onboardedAccount, received, SECRET_KEY, setUp, waitFor, withdrawal } from './test-support';
import { untilWebhooksDelivered } from './webhooks-delivered';

describe('transfers', () => {
  it('lists transfers newest first, with limit, both cursors and the destination and transfer_group filters', async () => {
    const context = await setUp();
    const { stripe } = context;
    const creator = await onboardedAccount(context);
    const other = await onboardedAccount(context);
    const t1 = await stripe.transfers.create(withdrawal(creator.id, 'w_1'));
    const u1 = await stripe.transfers.create({ ...withdrawal(other.id, 'w_2'), transfer_group: 'group_u' });
    const t2 = await stripe.transfers.create(withdrawal(creator.id, 'w_3'));
    const t3 = await stripe.transfers.create(withdrawal(creator.id, 'w_4'));
    const ids = (list: Stripe.ApiList<Stripe.Transfer>) => list.data.map((t) => t.id);

    const first = await stripe.transfers.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/transfers' });
    expect(ids(first)).toEqual([t3.id, t2.id]);
    const second = await stripe.transfers.list({ limit: 2, starting_after: t2.id });
    expect(second.has_more).toBe(false);
    expect(ids(second)).toEqual([u1.id, t1.id]);
    const newer = await stripe.transfers.list({ limit: 2, ending_before: t1.id });
    expect(ids(newer)).toEqual([t2.id, u1.id]);
    expect(newer.has_more).toBe(true);

    expect(ids(await stripe.transfers.list({ destination: creator.id }))).toEqual([t3.id, t2.id, t1.id]);
    expect(ids(await stripe.transfers.list({ destination: other.id }))).toEqual([u1.id]);
    expect(ids(await stripe.transfers.list({ transfer_group: 'group_u' }))).toEqual([u1.id]);
    const everyOne = await stripe.transfers.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    expect(everyOne.map((t) => t.id)).toEqual([t3.id, t2.id, u1.id, t1.id]);

    const unknownCursor = await stripe.transfers.list({ starting_after: 'tr_nope' }).catch((e) => e);
    expect(unknownCursor).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'starting_after' });
    const bothCursors = await stripe.transfers.list({ starting_after: t1.id, ending_before: t3.id }).catch((e) => e);
    expect(bothCursors).toMatchObject({ statusCode: 400, param: 'ending_before' });
    expect(await stripe.transfers.list({ limit: 101 }).catch((e) => e)).toMatchObject({ param: 'limit' });
  });

  it('reverses part, then the rest: amount_reversed, reversed and the reversals list', async () => {
    const context = await setUp();
    const { stripe } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w_1', 5000));

    const part = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 2000, metadata: { reason: 'withdrawal_reversal' }, description: 'Returned' },
      { idempotencyKey: 'reverse-w_1' },
    );
    expect(part).toMatchObject({
      object: 'transfer_reversal',
      amount: 2000,
      currency: 'usd',
      transfer: transfer.id,
      metadata: { reason: 'withdrawal_reversal' },
      source_refund: null,
    });
    expect(part.id).toMatch(/^trr_/);
    expect(part.destination_payment_refund).toMatch(/^pyr_/);
    const replay = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 2000, metadata: { reason: 'withdrawal_reversal' }, description: 'Returned' },
      { idempotencyKey: 'reverse-w_1' },
    );
    expect(replay.id).toBe(part.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    const otherParams = await stripe.transfers
      .createReversal(transfer.id, { amount: 1000 }, { idempotencyKey: 'reverse-w_1' })
      .catch((e) => e);
    expect(otherParams).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({
      amount_reversed: 2000,
      reversed: false,
      reversals: { object: 'list', total_count: 1, has_more: false, data: [{ id: part.id }] },
    });
    const tooMuch = await stripe.transfers.createReversal(transfer.id, { amount: 3001 }).catch((e) => e);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' });

    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(3000);
    const reversed = await stripe.transfers.retrieve(transfer.id);
    expect(reversed).toMatchObject({ amount: 5000, amount_reversed: 5000, reversed: true });
    expect(reversed.reversals.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    expect((await stripe.transfers.listReversals(transfer.id)).data.map((r) => r.id)).toEqual([rest.id, part.id]);
    const page = await stripe.transfers.listReversals(transfer.id, { limit: 1, starting_after: rest.id });
    expect(page.data.map((r) => r.id)).toEqual([part.id]);
  });

  it('refuses reversing a fully reversed transfer (stored under the key), and an unknown transfer', async () => {
    const context = await setUp();
    const { stripe } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w_1', 5000));
    await stripe.transfers.createReversal(transfer.id);

    const refused = await stripe.transfers
      .createReversal(transfer.id, {}, { idempotencyKey: 'reverse-twice' })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused.message).toBe(`The transfer ${transfer.id} is already fully reversed.`);
    const replayed = await stripe.transfers
      .createReversal(transfer.id, {}, { idempotencyKey: 'reverse-twice' })
      .catch((e) => e);
    expect(replayed.message).toBe(refused.message);
    expect(replayed.headers['idempotent-replayed']).toBe('true');

    const unknown = await stripe.transfers.createReversal('tr_nope', { amount: 100 }).catch((e) => e);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ reversals: { total_count: 1 } });
  });

  it('sends transfer.reversed with the transfer and what it was before', async () => {
    const context = await setUp();
    const { stripe, receiver } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w_1', 5000));
    await stripe.transfers.createReversal(transfer.id, { amount: 2000 }, { idempotencyKey: 'reverse-w_1' });
    await stripe.transfers.createReversal(transfer.id);

    await waitFor(() => received(receiver, 'transfer.reversed').length === 2, 'two transfer.reversed');
    const [partEvent, restEvent] = received(receiver, 'transfer.reversed');
    expect(partEvent).toMatchObject({
      request: { idempotency_key: 'reverse-w_1' },
      data: {
        object: { id: transfer.id, object: 'transfer', amount_reversed: 2000, reversed: false },
        previous_attributes: { amount_reversed: 0, reversed: false },
      },
    });
    expect(restEvent).toMatchObject({
      data: {
        object: { id: transfer.id, amount_reversed: 5000, reversed: true },
        previous_attributes: { amount_reversed: 2000, reversed: false },
      },
    });
    expect(restEvent?.data.object).toMatchObject({ reversals: { total_count: 2, has_more: false } });
    expect(received(receiver, 'transfer.updated')).toEqual([]);
  });

  it('updates description and metadata with transfer.updated, and only when something changed', async () => {
    const context = await setUp();
    const { stripe, receiver } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create({
      ...withdrawal(account.id, 'w_1'),
      description: undefined,
      metadata: { withdrawalId: 'w_1', keep: 'yes' },
    });

    const updated = await stripe.transfers.update(transfer.id, {
      description: 'Paid out',
      metadata: { withdrawalId: '', note: 'checked' },
    });
    expect(updated).toMatchObject({ description: 'Paid out', metadata: { keep: 'yes', note: 'checked' } });
    expect(updated.metadata).not.toHaveProperty('withdrawalId');
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ description: 'Paid out' });
    await stripe.transfers.update(transfer.id, { description: 'Paid out', metadata: { note: 'checked' } });
    expect((await stripe.transfers.update(transfer.id, { metadata: '' })).metadata).toEqual({});

    await waitFor(() => received(receiver, 'transfer.updated').length === 2, 'two transfer.updated');
    await untilWebhooksDelivered(context.base, SECRET_KEY);
    const [first, second] = received(receiver, 'transfer.updated');
    expect(first?.data).toMatchObject({
      object: { id: transfer.id, description: 'Paid out', metadata: { keep: 'yes', note: 'checked' } },
      previous_attributes: { description: null, metadata: { withdrawalId: 'w_1', keep: 'yes' } },
    });
    expect(second?.data).toMatchObject({ object: { metadata: {} } });
    expect(received(receiver, 'transfer.updated')).toHaveLength(2);
    expect(await stripe.transfers.update(transfer.id, { amount: 1 } as never).catch((e) => e)).toMatchObject({
      statusCode: 400,
      param: 'amount',
    });
  });

  it('test control: the bank returning the payout reverses all that remains, with transfer.reversed', async () => {
    const context = await setUp();
    const { stripe, base, receiver } = context;
    const account = await onboardedAccount(context);
    const transfer = await stripe.transfers.create(withdrawal(account.id, 'w_1', 5000));
    await stripe.transfers.createReversal(transfer.id, { amount: 1000 });

    const returned = await control(base, `/sandbox/control/transfers/${transfer.id}/reverse`, {});
    expect(returned.status).toBe(200);
    expect(await returned.json()).toMatchObject({
      id: transfer.id,
      object: 'transfer',
      amount_reversed: 5000,
      reversed: true,
      reversals: { total_count: 2 },
    });
    const [bankReversal] = (await stripe.transfers.listReversals(transfer.id)).data;
    expect(bankReversal?.amount).toBe(4000);
    await waitFor(() => received(receiver, 'transfer.reversed').length === 2, 'two transfer.reversed');
    expect(received(receiver, 'transfer.reversed')[1]).toMatchObject({
      request: { id: null, idempotency_key: null },
      data: { object: { id: transfer.id, reversed: true } },
    });

    const twice = await control(base, `/sandbox/control/transfers/${transfer.id}/reverse`, {});
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toContain('already fully reversed');
    expect((await control(base, '/sandbox/control/transfers/tr_nope/reverse', {})).status).toBe(404);
  });
});
