import { splitGift } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { getPurchaseParties, listPurchases, listReceived } from '../gifts/service';
import { getWallet, reconcile } from '../wallet/service';
import { CLEARING_DAYS, DAY_MS, useClawbackSuite } from './clawback-fixtures';

/**
 * Two kinds of token, clearing, refunds and disputes with their clawback (issue 14, decision 017), through
 * the webhook handler and the services on a real database, with the clearing clock driven by the test.
 */
describe.each(databaseKinds())('tokens bought and earned: clearing, spending and refunds on %s', (kind) => {
  const { db, deliver, topUp, refundOf, disputeOf, wonOf, tip, balances, enablePayouts, withdraw, lossCents, clearAt } =
    useClawbackSuite(kind);

  it('never lets bought tokens be withdrawn, even from a discounted pack', async () => {
    const fan = await seedUser(db());
    await enablePayouts(fan.id);
    await topUp(fan.id, 1000);
    expect(await balances(fan.id)).toEqual({ boughtCents: 100_000, pendingCents: 0, availableCents: 0 });
    expect(await withdraw(fan.id, 1000)).toBe('Insufficient balance');
    expect(await withdraw(fan.id, 50)).toBe('Insufficient balance');
    expect(await balances(fan.id)).toEqual({ boughtCents: 100_000, pendingCents: 0, availableCents: 0 });
  });

  it('keeps earnings pending until the clearing period has passed, then lets them be withdrawn', async () => {
    const fan = await seedUser(db());
    const creator = await seedUser(db());
    await enablePayouts(creator.id);
    await topUp(fan.id, 200);
    await tip(fan.id, creator.id, 200);
    const earned = splitGift(20_000, false).recipientCents;
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: earned, availableCents: 0 });
    const wallet = await getWallet(db(), creator.id, CLEARING_DAYS);
    expect(wallet.balanceCents).toBe(earned);
    expect(wallet.pending).toEqual([{ amountCents: earned, availableAt: expect.any(String) }]);
    const availableAt = new Date(wallet.pending[0]?.availableAt ?? 0);
    expect(availableAt.getTime() - Date.now()).toBeGreaterThan(CLEARING_DAYS * DAY_MS - 60_000);
    expect(await withdraw(creator.id, 50)).toBe('Insufficient balance');

    // A day short of the period nothing clears; at the period's end it does.
    await clearAt(new Date(Date.now() + (CLEARING_DAYS - 1) * DAY_MS));
    expect((await balances(creator.id)).pendingCents).toBe(earned);
    await clearAt(new Date(availableAt.getTime() + 1000));
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: earned });
    expect(await withdraw(creator.id, Math.floor(earned / 100))).toBe('ok');
    expect((await balances(creator.id)).availableCents).toBe(earned % 100);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('spends bought tokens first, then available, then pending earnings', async () => {
    const creator = await seedUser(db());
    const fan = await seedUser(db());
    const other = await seedUser(db());
    await topUp(fan.id, 100);
    await tip(fan.id, creator.id, 100);
    const earned = splitGift(10_000, false).recipientCents;
    await topUp(creator.id, 50);
    await tip(creator.id, other.id, 60);
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: earned - 1000, availableCents: 0 });
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  /**
   * A fan tops up 500 tokens (10% off) and tips two creators 200 each; the first creator's earnings clear
   * and are withdrawn. A partial refund then takes the fan's unspent 100 first; the full refund after it
   * and the dispute of another top-up take the creators' pending earnings, and what the first creator
   * withdrew is the platform's loss.
   */
  it('refunds (partial, then full) take back unspent tokens, then pending earnings; withdrawn ones are a loss', async () => {
    const fan = await seedUser(db());
    const first = await seedUser(db());
    const second = await seedUser(db());
    await enablePayouts(first.id);
    const paid = await topUp(fan.id, 500);
    const [gift1] = [await tip(fan.id, first.id, 200)];
    await clearAt(new Date(Date.now() + (CLEARING_DAYS + 1) * DAY_MS));
    const gift2 = await tip(fan.id, second.id, 200);
    const share = splitGift(20_000, false);
    expect((await balances(first.id)).availableCents).toBe(share.recipientCents);
    expect(await withdraw(first.id, Math.floor(share.recipientCents / 100))).toBe('ok');
    const firstLeft = share.recipientCents % 100;
    const lossBefore = await lossCents();

    // A fifth of the payment refunded: 100 tokens, the fan's unspent ones; no gift is touched.
    const fifth = refundOf(paid, paid.totalCents / 5);
    await deliver('refund.created', fifth);
    await deliver('refund.updated', fifth); // another event about the same refund takes nothing more
    expect(await balances(fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await balances(second.id)).toEqual({
      boughtCents: 0,
      pendingCents: share.recipientCents,
      availableCents: 0,
    });
    expect(await lossCents()).toBe(lossBefore);

    // The rest refunded: the 400 tokens that paid both tips. The first creator's share left the platform
    // (withdrawn but the cents below a token), the second's was still pending.
    await deliver('refund.created', refundOf(paid, paid.totalCents - fifth.amount));
    expect(await balances(second.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await balances(first.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await lossCents()).toBe(lossBefore + share.recipientCents - firstLeft);

    // Both gifts show as reversed, to the fan and to each creator.
    const { items: purchases } = await listPurchases(db(), fan.id, { limit: 100 });
    expect(purchases.map((p) => p.reversedCents).sort()).toEqual([20_000, 20_000]);
    for (const [creator, tipId] of [
      [first, gift1?.tipId],
      [second, gift2.tipId],
    ] as const) {
      const { items: received } = await listReceived(db(), creator.id, { limit: 100 });
      expect(received.find((r) => r.id === tipId)?.reversedCents).toBe(20_000);
      // The purchase message that opens the gift's conversation says so too.
      expect((await getPurchaseParties(db(), tipId as string))?.reversedCents).toBe(20_000);
    }
    const notices = await queryRows<{ user_id: string }>(
      db(),
      sql`select user_id from notifications where kind = 'gift_reversed' and user_id in (${first.id}, ${second.id})`,
    );
    expect(notices.map((n) => n.user_id).sort()).toEqual([first.id, second.id].sort());
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('a dispute takes back like a refund and books the fee; won, it gives every token back and the fee stays', async () => {
    const fan = await seedUser(db());
    const first = await seedUser(db());
    const second = await seedUser(db());
    await enablePayouts(first.id);
    const paid = await topUp(fan.id, 100);
    await tip(fan.id, first.id, 40);
    await clearAt(new Date(Date.now() + (CLEARING_DAYS + 1) * DAY_MS));
    await tip(fan.id, second.id, 40);
    const share = splitGift(4000, false);
    expect(await withdraw(first.id, 50)).toBe('Insufficient balance');
    const before = {
      fan: await balances(fan.id),
      first: await balances(first.id),
      second: await balances(second.id),
      loss: await lossCents(),
    };
    const dispute = disputeOf(paid);
    await deliver('charge.dispute.created', dispute);
    expect(await balances(fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    // The first creator's cleared (not withdrawn) share is taken from available, the second's from pending.
    expect(await balances(first.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await balances(second.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await lossCents()).toBe(before.loss + 1500);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });

    await deliver('charge.dispute.closed', wonOf(dispute));
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await balances(first.id)).toEqual(before.first);
    expect(await balances(second.id)).toEqual(before.second);
    expect(before.second.pendingCents).toBe(share.recipientCents);
    expect(await lossCents()).toBe(before.loss + 1500);
    const { items: purchases } = await listPurchases(db(), fan.id, { limit: 100 });
    expect(purchases.every((p) => p.reversedCents === 0)).toBe(true);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });
});
