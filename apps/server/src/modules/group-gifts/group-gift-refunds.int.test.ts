import { randomUUID } from 'node:crypto';
import { splitGift, topUpPrice } from '@sweetwish/shared/money';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { insertTopUp } from '../checkout/repo';
import { handleWebhookEvent } from '../checkout/service';
import { findUserBalances } from '../wallet/repo';
import { reconcile } from '../wallet/service';
import { createWish } from '../wishes/service';
import { checkHeldContributions, contribute, takeBack } from './service';

/**
 * A card refund of a top-up whose tokens went into a group gift (decisions 017 and 033): taken back, the
 * tokens are in the top-up's own lot again, so the refund takes them from the fan; granted, the refund
 * follows them to the fan's share of the gift and takes the creator's pending part back.
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
    const refund = { id: `re_${randomUUID()}`, object: 'refund', payment_intent: paymentIntent, amount: totalCents };
    return () => deliver('refund.created', { ...refund, status: 'succeeded' });
  }
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
    const refund = await topUp(fan.id, 50);
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
    const refund = await topUp(fan.id, 50);
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
});
