import { splitGift } from '@sweetwish/shared/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { seedUser } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { listReceived } from '../gifts/service';
import { findSpendHolds } from '../ledger/service';
import { reconcile } from '../wallet/service';
import { getStatementPage } from '../wallet/statement';
import { CLEARING_DAYS, DAY_MS, disputeTransaction, useClawbackSuite } from './clawback-fixtures';

/**
 * Two kinds of token, clearing, refunds and disputes with their clawback (issue 14, decision 017), through
 * the webhook handler and the services on a real database, with the clearing clock driven by the test.
 */
describe.each(databaseKinds())('tokens bought and earned: failed refunds, disputes and inquiries on %s', (kind) => {
  const { db, logLines, deliver, topUp, refundOf, disputeOf, wonOf, tip, balances, lossCents, clearAt } =
    useClawbackSuite(kind);

  /**
   * A refund the card's bank sent back (decision 044): the money is the platform's again, so what the refund
   * took comes back as it was, and the top-up can be refunded again.
   */
  it('a failed refund gives back what it took, once, and the payment can then be refunded again', async () => {
    const fan = await seedUser(db());
    const creator = await seedUser(db());
    const paid = await topUp(fan.id, 100);
    const gift = await tip(fan.id, creator.id, 40);
    const before = { fan: await balances(fan.id), creator: await balances(creator.id), loss: await lossCents() };
    const refund = refundOf(paid, paid.totalCents);
    await deliver('refund.created', refund);
    expect(await balances(fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });

    const failed = { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' };
    await deliver('refund.updated', failed);
    await deliver('refund.failed', failed); // Stripe sends both: the second gives nothing more
    await deliver('refund.created', refund); // nor does the creation delivered again, out of order
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await balances(creator.id)).toEqual(before.creator);
    expect(await lossCents()).toBe(before.loss);
    const { items: received } = await listReceived(db(), creator.id, { limit: 100 });
    expect(received.find((r) => r.id === gift.tipId)?.reversedCents).toBe(0);
    const { lines } = await getStatementPage(db(), fan.id, { limit: 10 });
    expect(lines.map((l) => [l.kind, l.amountCents])).toContainEqual(['refund_reversal', before.fan.boughtCents]);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });

    // Refunded again by other means of the provider, the same amount: a new refund, which takes again.
    await deliver('refund.created', refundOf(paid, paid.totalCents));
    expect(await balances(fan.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  /**
   * Stripe fails a pending refund when its charge is disputed (`charge_for_pending_refund_disputed`): the
   * dispute, which found the tokens already taken by the refund, takes them when the refund gives them back.
   */
  async function refundedThenDisputed() {
    const fan = await seedUser(db());
    const creator = await seedUser(db());
    const paid = await topUp(fan.id, 100);
    const gift = await tip(fan.id, creator.id, 40);
    const before = { fan: await balances(fan.id), creator: await balances(creator.id), loss: await lossCents() };
    const refund = { ...refundOf(paid, paid.totalCents), status: 'pending' };
    await deliver('refund.created', refund);
    const dispute = disputeOf(paid);
    await deliver('charge.dispute.created', dispute);
    const failed = { ...refund, status: 'failed', failure_reason: 'charge_for_pending_refund_disputed' };
    return { fan, creator, gift, before, dispute, failed };
  }
  const nothing = { boughtCents: 0, pendingCents: 0, availableCents: 0 };

  it('a refund failed because its charge was disputed leaves the tokens with the dispute; won, they come back', async () => {
    const { fan, creator, gift, before, dispute, failed } = await refundedThenDisputed();
    await deliver('refund.failed', failed);
    await deliver('refund.updated', failed);
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await balances(creator.id)).toEqual(nothing);
    expect(await lossCents()).toBe(before.loss + 1500);
    const { items: received } = await listReceived(db(), creator.id, { limit: 100 });
    expect(received.find((r) => r.id === gift.tipId)?.reversedCents).toBe(4000);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
    // The operator is not told to refund the buyer another way: the dispute has the money.
    const said = logLines.filter((l) => l.refundId === failed.id).map((l) => l.msg);
    expect(said).toContain('a refund of a disputed top-up failed: the dispute took its tokens');
    expect(said.filter((m) => String(m).includes('refund the buyer another way'))).toEqual([]);

    await deliver('charge.dispute.closed', wonOf(dispute));
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await balances(creator.id)).toEqual(before.creator);
    expect(await lossCents()).toBe(before.loss + 1500);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('a refund failed after its dispute was lost leaves the tokens with the dispute', async () => {
    const { fan, creator, before, dispute, failed } = await refundedThenDisputed();
    await deliver('charge.dispute.closed', { ...dispute, status: 'lost' });
    await deliver('refund.failed', failed);
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await balances(creator.id)).toEqual(nothing);
    expect(await lossCents()).toBe(before.loss + 1500);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  /** An inquiry (a pre-dispute) withdraws no money; Stripe advises refunding the payment to resolve it. */
  async function inquiryOfTip() {
    const fan = await seedUser(db());
    const creator = await seedUser(db());
    const paid = await topUp(fan.id, 100);
    await tip(fan.id, creator.id, 40);
    const before = { fan: await balances(fan.id), creator: await balances(creator.id), loss: await lossCents() };
    const inquiry = disputeOf(paid, 'warning_needs_response');
    await deliver('charge.dispute.created', inquiry);
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await balances(creator.id)).toEqual(before.creator);
    expect(await findSpendHolds(db(), fan.id)).toBe(1);
    return { fan, creator, paid, before, inquiry };
  }

  it('an inquiry takes nothing; a refund during it takes the tokens, and its close gives nothing back', async () => {
    const { fan, creator, paid, before, inquiry } = await inquiryOfTip();
    await deliver('refund.created', refundOf(paid, paid.totalCents));
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await balances(creator.id)).toEqual(nothing);
    await deliver('charge.dispute.closed', { ...inquiry, status: 'warning_closed' });
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await balances(creator.id)).toEqual(nothing);
    expect(await lossCents()).toBe(before.loss);
    expect(await findSpendHolds(db(), fan.id)).toBe(0);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('an inquiry that becomes a chargeback takes the tokens when the money is withdrawn, once', async () => {
    const { fan, creator, before, inquiry } = await inquiryOfTip();
    const chargeback = { ...inquiry, status: 'needs_response', balance_transactions: [disputeTransaction(1500)] };
    await deliver('charge.dispute.funds_withdrawn', chargeback);
    await deliver('charge.dispute.created', inquiry); // delivered again, late: nothing more
    await deliver('charge.dispute.funds_withdrawn', chargeback);
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await balances(creator.id)).toEqual(nothing);
    expect(await lossCents()).toBe(before.loss + 1500);
    await deliver('charge.dispute.closed', wonOf(chargeback));
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await balances(creator.id)).toEqual(before.creator);
    expect(await lossCents()).toBe(before.loss + 1500);
    expect(await findSpendHolds(db(), fan.id)).toBe(0);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  /**
   * Stripe may send `created` before it withdraws the money: the fee's balance transaction is then first seen
   * in `funds_withdrawn`, after the tokens were taken. Every event books what it shows, each transaction once.
   */
  it("books a dispute's fee once, from whichever event first shows it; a fee returned on a win is unbooked", async () => {
    const fan = await seedUser(db());
    const paid = await topUp(fan.id, 100);
    const before = { fan: await balances(fan.id), loss: await lossCents() };
    const withdrawn = disputeOf(paid);
    const created = { ...withdrawn, balance_transactions: [] };
    await deliver('charge.dispute.created', created);
    expect(await balances(fan.id)).toEqual(nothing);
    expect(await lossCents()).toBe(before.loss);
    await deliver('charge.dispute.funds_withdrawn', withdrawn);
    expect(await lossCents()).toBe(before.loss + 1500);
    await deliver('charge.dispute.created', created); // delivered again, late
    await deliver('charge.dispute.funds_withdrawn', withdrawn);
    expect(await lossCents()).toBe(before.loss + 1500);
    const [row] = await queryRows<{ fee_cents: string }>(
      db(),
      sql`select fee_cents from disputes where id = ${withdrawn.id}`,
    );
    expect(Number(row?.fee_cents)).toBe(1500);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });

    const won = wonOf(withdrawn, 1500);
    await deliver('charge.dispute.closed', won);
    await deliver('charge.dispute.closed', won);
    expect(await balances(fan.id)).toEqual(before.fan);
    expect(await lossCents()).toBe(before.loss);
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('a refund whose failure is heard first takes nothing; earnings given back keep the date of their gift', async () => {
    const fan = await seedUser(db());
    const creator = await seedUser(db());
    const paid = await topUp(fan.id, 100);
    const early = refundOf(paid, paid.totalCents / 2);
    await deliver('refund.failed', { ...early, status: 'failed' });
    await deliver('refund.created', early);
    expect(await balances(fan.id)).toEqual({ boughtCents: 10_000, pendingCents: 0, availableCents: 0 });

    await tip(fan.id, creator.id, 100);
    const earned = splitGift(10_000, false).recipientCents;
    const refund = refundOf(paid, paid.totalCents);
    await deliver('refund.created', refund);
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: 0 });
    const afterClearing = new Date(Date.now() + (CLEARING_DAYS + 1) * DAY_MS);
    await clearAt(afterClearing);
    await deliver('refund.failed', { ...refund, status: 'failed' });
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: earned, availableCents: 0 });
    // The gift is older than the clearing period: its earnings clear at the next run, not a period later.
    await clearAt(afterClearing);
    expect(await balances(creator.id)).toEqual({ boughtCents: 0, pendingCents: 0, availableCents: earned });
    expect(await reconcile(db())).toEqual({ isOk: true, lines: ['ok'] });
  });
});
