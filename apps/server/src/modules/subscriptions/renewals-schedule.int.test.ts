import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../../test/app-harness';
import { databaseKinds } from '../../../test/databases';
import { seedTokens, seedUser, spendableCents } from '../../../test/seed';
import { queryRows } from '../../db/client';
import { pageRequest } from '../../db/keyset';
import { type NotificationJobOptions, notificationJob } from '../../use-cases/notification-job';
import { getPurchaseParties, listPurchases, listReceived } from '../gifts/service';
import { closeGiftsSummary } from '../notify/repo';
import { reconcile } from '../wallet/service';
import { getStatementPage } from '../wallet/statement';
import { DAY, testClock, useRenewalsSuite } from './renewals-fixtures';
import { findSubscription } from './repo';
import { cancelSubscription, listMySubscribers, listMySubscriptions, subscribe } from './service';

describe.each(databaseKinds())('subscription renewals over months on %s', (kind) => {
  const suite = useRenewalsSuite(kind);
  const { startRunner, settle, subscriptionWish, noticesOf, chargeDays } = suite;

  it('renews over a year: short in month 3 (retried, paid on retry day 2), a crash after a charge, a cancel in month 7', async () => {
    const clock = testClock('2027-01-31T12:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fan = await seedUser(suite.db);
    const wish = await subscriptionWish(creator.id, 20);
    await seedTokens(suite.db, fan.id, 40_00); // two months
    const sub = await subscribe(suite.db, fan.id, { wishId: wish.id }, { now: clock.now() });
    expect(sub).toMatchObject({ status: 'active', priceCents: 20_00, nextChargeAt: '2027-02-28T12:00:00.000Z' });

    let crashes = 0;
    startRunner({
      now: clock.now,
      afterCharge: (_id, period) => {
        // The process dies after the charge of month 5 committed, before the job knew it was done.
        if (period === 4 && crashes++ === 0) throw new Error('crash after the charge');
      },
    });

    for (let day = 1; day <= 365; day++) {
      clock.set(new Date(Date.parse('2027-01-31T13:00:00.000Z') + day * DAY));
      await settle(clock.now());
      const today = clock.now().toISOString().slice(0, 10);
      if (today === '2027-03-31') {
        // Short on the renewal day: told once, retrying daily.
        expect((await findSubscription(suite.db, sub.id))?.status).toBe('past_due');
        expect(await noticesOf(fan.id)).toEqual([{ kind: 'subscription_failed' }]);
      }
      if (today === '2027-04-01') {
        expect((await findSubscription(suite.db, sub.id))?.status).toBe('past_due');
        const [mine] = (await listMySubscriptions(suite.db, fan.id, clock.now())).items;
        expect(mine?.nextChargeAt).toBe('2027-04-02T12:00:00.000Z');
        await seedTokens(suite.db, fan.id, 200_00); // topped up after the notice
      }
      if (today === '2027-04-02') expect((await findSubscription(suite.db, sub.id))?.status).toBe('active');
      if (today === '2027-08-05') {
        const canceled = await cancelSubscription(suite.db, fan.id, sub.id, clock.now());
        expect(canceled).toMatchObject({
          status: 'canceled',
          paidUntil: '2027-08-31T12:00:00.000Z',
          nextChargeAt: null,
        });
      }
    }

    expect(crashes).toBe(1);
    expect(await chargeDays(sub.id)).toEqual([
      '2027-01-31T12:00:00.000Z',
      '2027-02-28T12:00:00.000Z',
      '2027-03-31T12:00:00.000Z',
      '2027-04-30T12:00:00.000Z',
      '2027-05-31T12:00:00.000Z',
      '2027-06-30T12:00:00.000Z',
      '2027-07-31T12:00:00.000Z',
    ]);
    expect(await findSubscription(suite.db, sub.id)).toMatchObject({
      status: 'ended',
      endReason: 'canceled',
      periodsPaid: 7,
    });
    // 40 + 200 tokens, 7 months of 20 paid.
    expect(await spendableCents(suite.db, fan.id)).toBe(240_00 - 7 * 20_00);
    const [purchases] = await queryRows<{ n: number; gross: string; net: string }>(
      suite.db,
      sql`select count(*)::int as n, sum(cost_cents) as gross, sum(recipient_cents) as net
        from purchases where buyer_id = ${fan.id}`,
    );
    expect(purchases).toMatchObject({ n: 7, gross: String(7 * 20_00) });
    expect(await spendableCents(suite.db, creator.id)).toBe(Number(purchases?.net));
    expect(await noticesOf(fan.id)).toEqual([{ kind: 'subscription_failed' }]);
    // The creator is told of every month: the database's clock saw the seven charges within seconds, so the
    // first one's notice, then one summary of the six others (decision 038).
    const creatorNotices = await queryRows<{ id: number; kind: string }>(
      suite.db,
      sql`select id, kind from notifications where user_id = ${creator.id} order by id`,
    );
    expect(creatorNotices.map((n) => n.kind)).toEqual(['gift', 'gifts_summary']);
    expect(await closeGiftsSummary(suite.db, creatorNotices[1]?.id ?? 0, creator.id)).toEqual({
      count: 6,
      totalCents: 6 * 20_00,
    });
    // Both sides' lists say which months were renewals: all but the first (newest first).
    const page = pageRequest({ limit: 20 });
    const months = [true, true, true, true, true, true, false];
    expect((await listPurchases(suite.db, fan.id, page)).items.map((p) => p.isRenewal)).toEqual(months);
    expect((await listReceived(suite.db, creator.id, page)).items.map((r) => r.isRenewal)).toEqual(months);
    // So do the earnings statements, and what the creator's gift notice is told (getPurchaseParties).
    const giftLines = async (userId: string) =>
      (await getStatementPage(suite.db, userId, { limit: 20 })).lines
        .filter((line) => line.kind === 'gift_received' || line.kind === 'gift_sent')
        .map((line) => line.description.replace(/ (from|to) [^()]*$/, ''));
    const described = months.map((isRenewal) => `${wish.name}${isRenewal ? ' (renewal)' : ''}`);
    expect(await giftLines(creator.id)).toEqual(described);
    expect(await giftLines(fan.id)).toEqual(described);
    const bought = (await listPurchases(suite.db, fan.id, page)).items;
    expect(await getPurchaseParties(suite.db, bought[0]?.id ?? '')).toMatchObject({ isRenewal: true });
    expect(await getPurchaseParties(suite.db, bought.at(-1)?.id ?? '')).toMatchObject({ isRenewal: false });
    expect(await queryRows(suite.db, sql`select 1 from jobs where payload->>'subscriptionId' = ${sub.id}`)).toEqual([]);
    expect(await reconcile(suite.db)).toEqual({ isOk: true, lines: ['ok'] });
  }, 120_000);

  it('lapses after 3 daily retries with the wallet short, and frees a single-subscriber wish', async () => {
    const clock = testClock('2027-05-10T09:00:00.000Z');
    const creator = await seedUser(suite.db);
    const fan = await seedUser(suite.db);
    const other = await seedUser(suite.db);
    const wish = await subscriptionWish(creator.id, 30, false);
    await seedTokens(suite.db, fan.id, 30_00);
    await seedTokens(suite.db, other.id, 30_00);
    const sub = await subscribe(suite.db, fan.id, { wishId: wish.id }, { now: clock.now() });
    await expect(subscribe(suite.db, other.id, { wishId: wish.id }, { now: clock.now() })).rejects.toThrow(
      'Only one person is allowed to subscribe',
    );
    startRunner({ now: clock.now });

    const statusOn = async (iso: string) => {
      clock.set(new Date(iso));
      await settle(clock.now());
      return (await findSubscription(suite.db, sub.id))?.status;
    };
    expect(await statusOn('2027-06-09T10:00:00.000Z')).toBe('active');
    expect(await statusOn('2027-06-10T09:30:00.000Z')).toBe('past_due');
    expect(await statusOn('2027-06-11T09:30:00.000Z')).toBe('past_due');
    expect(await statusOn('2027-06-12T09:30:00.000Z')).toBe('past_due');
    expect(await statusOn('2027-06-13T09:30:00.000Z')).toBe('ended');
    expect(await findSubscription(suite.db, sub.id)).toMatchObject({ endReason: 'lapsed', periodsPaid: 1 });
    expect(await noticesOf(fan.id)).toEqual([{ kind: 'subscription_failed' }, { kind: 'subscription_lapsed' }]);
    // What the fan is sent (the notification job, as the runner would run it).
    const sent: string[] = [];
    const notices = notificationJob({
      db: suite.db,
      messaging: {
        sms: { send: async (_to: string, text: string) => void sent.push(text) },
        email: { send: async (message: { subject: string }) => void sent.push(message.subject) },
      } as unknown as NotificationJobOptions['messaging'],
      logger: captureLogger().logger,
      publicOrigin: 'https://sweetwish.test',
    });
    for (const { id } of await queryRows<{ id: string }>(
      suite.db,
      sql`select id from notifications where user_id = ${fan.id} order by id`,
    )) {
      await notices.handle({ notificationId: Number(id) }, { attempt: 1, isLastAttempt: false });
    }
    // The first month's receipt; the reminder of the renewal that never went through is not sent.
    expect(sent).toEqual([
      'Your subscription started on Sweetwish',
      'Your subscription payment failed',
      'Your subscription ended',
    ]);
    expect(await chargeDays(sub.id)).toEqual(['2027-05-10T09:00:00.000Z']);
    expect(await spendableCents(suite.db, fan.id)).toBe(0);

    // The wish is free again.
    const next = await subscribe(suite.db, other.id, { wishId: wish.id }, { now: clock.now() });
    expect(next.status).toBe('active');
    expect((await listMySubscribers(suite.db, creator.id, clock.now())).monthlyTotalCents).toBe(30_00);
    expect(await reconcile(suite.db)).toEqual({ isOk: true, lines: ['ok'] });
  }, 60_000);
});
