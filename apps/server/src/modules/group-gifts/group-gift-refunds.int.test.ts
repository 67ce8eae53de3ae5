import { randomUUID } from 'node:crypto';
import { GROUP_GIFT_MESSAGES } from '@sweetwish/shared/group-gifts';
import { splitGift, topUpPrice } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedEarnings, seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { insertTopUp } from '../checkout/repo';
import { handleWebhookEvent } from '../checkout/service';
import { tokensOfPayment } from '../checkout/top-up-of-payment';
import { findUserBalances, PLATFORM_ACCOUNTS } from '../ledger/service';
import { reconcile } from '../wallet/service';
import { createWish } from '../wishes/service';
import { checkHeldContributions, contribute, getProgress, takeBack } from './service';

/**
 * A card refund or dispute of a top-up whose tokens went into a group gift (decisions 017 and 033): taken
 * back, the tokens are in the top-up's own lot again, so the refund takes them from the fan; granted, the
 * refund follows them to the fan's share of the gift and takes the creator's pending part back; still held,
 * the refund cancels the contribution (its tokens back to the fan) and takes them from the fan, so nothing
 * is left to take back and the platform loses nothing.
 */
describe.each(databaseKinds())('refunds of tokens that went into a group gift on %s', (kind) => {
  let database: DatabaseHandle;
  const { logger } = captureLogger();
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const db = () => database.db;
  const deliver = (type: string, object: Record<string, unknown>) =>
    handleWebhookEvent(db(), logger, {
      id: `evt_${randomUUID()}`,
      object: 'event',
      type,
      data: { object },
    } as unknown as Stripe.Event);

  async function topUp(userId: string, quantity: number) {
    const sessionId = `cs_test_${randomUUID()}`;
    const paymentIntent = `pi_${randomUUID()}`;
    const { totalCents } = topUpPrice(quantity);
    await insertTopUp(db(), { id: sessionId, userId, quantity, totalCents });
    await deliver('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: totalCents,
      currency: 'usd',
      payment_intent: paymentIntent,
    });
    /** A refund of `amount` cents of the payment (all of it by default). */
    const refund = (amount = totalCents) =>
      deliver('refund.created', {
        id: `re_${randomUUID()}`,
        object: 'refund',
        payment_intent: paymentIntent,
        amount,
        status: 'succeeded',
      });
    /** A chargeback of the whole payment, its money withdrawn with a $15 fee; `close` ends it. */
    const dispute = async () => {
      const object = {
        id: `dp_${randomUUID()}`,
        object: 'dispute',
        amount: totalCents,
        payment_intent: paymentIntent,
        status: 'needs_response',
        balance_transactions: [{ id: `txn_${randomUUID()}`, object: 'balance_transaction', fee: 1500 }],
      };
      await deliver('charge.dispute.created', object);
      return (status: 'won' | 'lost') => deliver('charge.dispute.closed', { ...object, status });
    };
    return { refund, dispute, totalCents };
  }
  /** What the platform lost, leaving out dispute fees (booked apart, decision 050). */
  async function lossCents() {
    const [row] = await queryRows<{ sum: string | null }>(
      db(),
      sql`select sum(e.amount_cents) as sum from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
          where e.account_id = ${PLATFORM_ACCOUNTS.loss} and t.idempotency_key not like 'dispute_fee:%'`,
    );
    return -Number(row?.sum ?? 0);
  }
  const ownStatuses = async (wishId: string, fanId: string) =>
    (await getProgress(db(), wishId, fanId)).own.map((c) => c.status);
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => 'taken back',
      (err: Error) => err.message,
    );
  const groupGift = (sellerId: string, cost: number) =>
    createWish(db(), sellerId, {
      name: 'Turntable',
      cost,
      description: '',
      type: 'standard',
      allowRepeatPurchases: false,
      pinned: false,
      isGroupGift: true,
    });
  async function booksBalance() {
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
    expect(await checkHeldContributions(db())).toEqual([]);
  }

  it('a refund after a take-back takes the tokens from the fan', async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const { refund } = await topUp(fan.id, 50);
    const wish = await groupGift(creator.id, 100);
    const { contributionId } = await contribute(db(), fan.id, wish.id, { amount: 30, isAnonymous: false });
    await takeBack(db(), fan.id, contributionId);
    await refund();
    expect(await findUserBalances(db(), fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    await booksBalance();
  });

  it("a refund after the grant takes the creator's pending share of the fan's part back", async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const other = await seedUser(db());
    const { refund } = await topUp(fan.id, 50);
    await topUp(other.id, 50);
    const wish = await groupGift(creator.id, 40);
    await contribute(db(), fan.id, wish.id, { amount: 30, isAnonymous: false });
    await contribute(db(), other.id, wish.id, { amount: 10, isAnonymous: false });
    expect((await findUserBalances(db(), creator.id)).pendingCents).toBe(splitGift(4000, false).recipientCents);
    await refund();
    // The fan's unspent 20 and the creator's share of the fan's 30; the other fan's 10 stays earned.
    expect((await findUserBalances(db(), fan.id)).boughtCents).toBe(0);
    expect((await findUserBalances(db(), creator.id)).pendingCents).toBe(splitGift(1000, false).recipientCents);
    await booksBalance();
  });

  it('a refund of the top-up that paid a held contribution cancels it; the fan cannot take it back', async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const { refund } = await topUp(fan.id, 500);
    const wish = await groupGift(creator.id, 1000);
    const { contributionId } = await contribute(db(), fan.id, wish.id, { amount: 500, isAnonymous: false });
    const lossBefore = await lossCents();
    await refund();
    expect(await ownStatuses(wish.id, fan.id)).toEqual(['refunded']);
    expect((await getProgress(db(), wish.id, undefined)).fundedCents).toBe(0);
    expect(await refusal(takeBack(db(), fan.id, contributionId))).toBe(GROUP_GIFT_MESSAGES.alreadyReturned);
    expect(await findUserBalances(db(), fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await lossCents()).toBe(lossBefore);
    await booksBalance();
  });

  it('a lost chargeback of the top-up that paid a held contribution cancels it the same way', async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const { dispute } = await topUp(fan.id, 500);
    const wish = await groupGift(creator.id, 1000);
    const { contributionId } = await contribute(db(), fan.id, wish.id, { amount: 500, isAnonymous: false });
    const lossBefore = await lossCents();
    const close = await dispute();
    expect(await ownStatuses(wish.id, fan.id)).toEqual(['refunded']);
    expect(await refusal(takeBack(db(), fan.id, contributionId))).toBe(GROUP_GIFT_MESSAGES.alreadyReturned);
    await close('lost');
    expect(await findUserBalances(db(), fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await lossCents()).toBe(lossBefore);
    await booksBalance();
  });

  it('a won dispute gives the cancelled contribution back to the wallet, not to the group gift', async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const { dispute } = await topUp(fan.id, 500);
    const wish = await groupGift(creator.id, 1000);
    await contribute(db(), fan.id, wish.id, { amount: 500, isAnonymous: false });
    const lossBefore = await lossCents();
    await (await dispute())('won');
    expect(await ownStatuses(wish.id, fan.id)).toEqual(['refunded']);
    expect((await getProgress(db(), wish.id, undefined)).fundedCents).toBe(0);
    expect(await findUserBalances(db(), fan.id)).toEqual({ boughtCents: 50_000, pendingCents: 0, availableCents: 0 });
    expect(await lossCents()).toBe(lossBefore);
    await booksBalance();
  });

  it("a partial refund cancels the contribution it reaches; the fan keeps the rest and the contribution's other tokens", async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    await seedEarnings(db(), fan.id, 20_000);
    const { refund, totalCents } = await topUp(fan.id, 500);
    const wish = await groupGift(creator.id, 1000);
    // 500 bought tokens first, then 200 earned ones.
    await contribute(db(), fan.id, wish.id, { amount: 700, isAnonymous: false });
    const lossBefore = await lossCents();
    const half = Math.floor(totalCents / 2);
    await refund(half);
    expect(await ownStatuses(wish.id, fan.id)).toEqual(['refunded']);
    expect(await findUserBalances(db(), fan.id)).toEqual({
      boughtCents: 50_000 - tokensOfPayment({ quantity: 500, totalCents }, half),
      pendingCents: 0,
      availableCents: 20_000,
    });
    expect(await lossCents()).toBe(lossBefore);
    await booksBalance();
  });

  it('a take-back racing the refund never returns the refunded tokens', async () => {
    for (let i = 0; i < 5; i++) {
      const creator = await seedUser(db());
      const fan = await seedUser(db());
      const { refund } = await topUp(fan.id, 500);
      const wish = await groupGift(creator.id, 1000);
      const { contributionId } = await contribute(db(), fan.id, wish.id, { amount: 500, isAnonymous: false });
      const lossBefore = await lossCents();
      const [, refunded] = await Promise.allSettled([takeBack(db(), fan.id, contributionId), refund()]);
      // A refund that lost a race to a deadlock is delivered again, as the provider would.
      if (refunded.status === 'rejected') await refund();
      expect(await findUserBalances(db(), fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
      expect(await lossCents()).toBe(lossBefore);
    }
    await booksBalance();
  });
});
