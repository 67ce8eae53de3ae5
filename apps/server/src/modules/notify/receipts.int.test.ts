import { topUpPrice } from '@sweetwish/shared/money';
import { CreateWishInput } from '@sweetwish/shared/wishes';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import { seedTokens, seedUser } from '../../../test/seed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { notificationJob } from '../../use-cases/notification-job';
import { insertTopUp } from '../checkout/repo';
import { handleWebhookEvent } from '../checkout/service';
import { contribute } from '../group-gifts/service';
import { subscriptionRenewalJob } from '../subscriptions/renewal';
import { cancelSubscription, subscribe } from '../subscriptions/service';
import { createWish } from '../wishes/service';
import { ORIGIN, recordingMessaging } from './notifications-fixtures';

const DAY = 24 * 60 * 60 * 1000;

function paidSession(sessionId: string, totalCents: number, type: string): Stripe.Event {
  return {
    id: `evt_${type}_${sessionId}`,
    type,
    data: { object: { id: sessionId, payment_status: 'paid', amount_total: totalCents, currency: 'usd' } },
  } as unknown as Stripe.Event;
}

// Receipts and renewal reminders (decision 091): each payment's receipt is queued once, in the payment's
// transaction, and sent once, to the payer's sign-in channel, however often its job or the webhook runs.
describe.each(databaseKinds())('receipts and renewal reminders on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  const recorder = { current: undefined as ReturnType<typeof recordingMessaging> | undefined };

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
    recorder.current = recordingMessaging(database);
  });
  afterAll(() => database.close());

  const job = () =>
    notificationJob({
      db: database.db,
      messaging: recorder.current?.messaging ?? recordingMessaging(database).messaging,
      logger: captureLogger().logger,
      publicOrigin: ORIGIN,
    });

  const notices = (userId: string) =>
    queryRows<{ id: number; kind: string; status: string; notBeforeMs: number }>(
      database.db,
      sql`select id::int, kind, status, (extract(epoch from not_before) * 1000)::float8 as "notBeforeMs"
        from notifications where user_id = ${userId} order by id`,
    );

  /** Runs the job of each of the user's due notifications twice at once (a retry racing the first run). */
  async function deliver(userId: string, to: string) {
    const handler = job();
    for (const notice of await notices(userId)) {
      if (notice.status !== 'pending' || notice.notBeforeMs > Date.now()) continue;
      const run = (attempt: number) => handler.handle({ notificationId: notice.id }, { attempt, isLastAttempt: false });
      await Promise.all([run(1), run(2)]);
      await run(3);
    }
    return (recorder.current?.sent ?? []).filter((m) => m.to === to);
  }

  const wish = (sellerId: string, input: Partial<CreateWishInput>) =>
    createWish(database.db, sellerId, CreateWishInput.parse({ name: 'Record player', cost: 40, ...input }));

  it('texts a phone fan one receipt per tip and purchase, with the amount, what for, when and a link', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const record = await wish(creator.id, { allowRepeatPurchases: true });
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 25 }), 201);
    await people.json(people.post(fan, '/purchases', { productId: record.id, sellerId: creator.id }), 201);

    const sent = await deliver(fan.id, fan.phone);
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'sms']);
    expect(sent[0]?.text).toMatch(
      /^Sweetwish receipt: You tipped Person \d+ 25 tokens \(\$25\) on \w{3} \d+, \d{4}, .+ UTC\. /,
    );
    expect(sent[0]?.text).toContain(`See it at ${ORIGIN}/purchases`);
    expect(sent[1]?.text).toContain('You bought Record player for Person');
    expect(sent[1]?.text).toContain(': 40 tokens ($40) on ');
    // Two runs at once (which the job runner's lease never allows) may leave a row `unknown` rather than
    // risk a second text: either way each receipt went out once, as `sent` shows.
    const statuses = (await notices(fan.id)).map((n) => [n.kind, n.status === 'unknown' ? 'sent' : n.status]);
    expect(statuses).toEqual([
      ['purchase_receipt', 'sent'],
      ['purchase_receipt', 'sent'],
    ]);
  });

  it('e-mails a contribution receipt once, linking to the group gift', async () => {
    const creator = await seedUser(database.db);
    const fan = await seedUser(database.db);
    await seedTokens(database.db, fan.id, 30_00);
    const group = await wish(creator.id, { name: 'Espresso machine', cost: 80, isGroupGift: true });
    await contribute(database.db, fan.id, group.id, { amount: 30, isAnonymous: false });

    const sent = await deliver(fan.id, `${fan.id}@example.com`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', subject: 'Your receipt for a contribution on Sweetwish' });
    expect(sent[0]?.text).toContain(
      'You contributed 30 tokens ($30) to the group gift Espresso machine for Seeded User',
    );
    expect(sent[0]?.text).toContain(`${ORIGIN}/x/${group.id}`);
  });

  it('sends one top-up receipt when the card provider tells of the payment twice', async () => {
    const fan = await seedUser(database.db);
    const sessionId = `cs_receipt_${fan.id}`;
    const { totalCents } = topUpPrice(25);
    await insertTopUp(database.db, { id: sessionId, userId: fan.id, quantity: 25, totalCents });
    const logger = captureLogger().logger;
    await handleWebhookEvent(database.db, logger, paidSession(sessionId, totalCents, 'checkout.session.completed'));
    await handleWebhookEvent(
      database.db,
      logger,
      paidSession(sessionId, totalCents, 'checkout.session.async_payment_succeeded'),
    );

    expect((await notices(fan.id)).map((n) => n.kind)).toEqual(['top_up_receipt']);
    const sent = await deliver(fan.id, `${fan.id}@example.com`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(
      `25 tokens added to your wallet, $${(totalCents / 100).toFixed(2)} paid by card on `,
    );
    expect(sent[0]?.text).toContain(`${ORIGIN}/balance`);
  });

  it('receipts a subscription start and renewal, and reminds three days before each renewal, once', async () => {
    const creator = await seedUser(database.db);
    const fan = await seedUser(database.db);
    const email = `${fan.id}@example.com`;
    await seedTokens(database.db, fan.id, 40_00);
    const monthly = await wish(creator.id, { name: 'Monthly sketch', cost: 20, type: 'subscription' });
    // Started 31 days ago, so its first renewal is due now and the reminder of it is past due already.
    const startedAt = new Date(Date.now() - 31 * DAY);
    const sub = await subscribe(database.db, fan.id, { wishId: monthly.id }, { now: startedAt });
    const firstRenewal = new Date(sub.nextChargeAt ?? '');
    const [, reminder] = await notices(fan.id);
    expect(reminder).toMatchObject({ kind: 'renewal_reminder', status: 'pending' });
    expect(reminder?.notBeforeMs).toBe(firstRenewal.getTime() - 3 * DAY);

    const before = await deliver(fan.id, email);
    expect(before.map((m) => m.subject)).toEqual([
      'Your subscription started on Sweetwish',
      'Your subscription renews in 3 days',
    ]);
    expect(before[0]?.text).toContain(
      'Your subscription to Monthly sketch from Seeded User started: 20 tokens ($20) for the first month',
    );
    expect(before[1]?.text).toContain(
      `renews on ${firstRenewal.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}: 20 tokens ($20) from your wallet. To stop it, cancel before then.`,
    );

    // The renewal runs twice (a crash after its charge): one charge, one receipt, one reminder of the next.
    const renewal = subscriptionRenewalJob({ db: database.db, logger: captureLogger().logger, now: () => new Date() });
    await renewal.handle({ subscriptionId: sub.id }, { attempt: 1, isLastAttempt: false });
    await renewal.handle({ subscriptionId: sub.id }, { attempt: 2, isLastAttempt: false });
    const kinds = (await notices(fan.id)).map((n) => n.kind);
    expect(kinds).toEqual(['purchase_receipt', 'renewal_reminder', 'purchase_receipt', 'renewal_reminder']);
    const after = await deliver(fan.id, email);
    expect(after.slice(2).map((m) => m.subject)).toEqual(['Your subscription renewed on Sweetwish']);
    expect(after[2]?.text).toContain('20 tokens ($20) for another month');
    expect(after[2]?.text).toContain(`${ORIGIN}/subscriptions`);

    // The next reminder, due in about four weeks, is not sent once the fan cancels (its job run early here).
    await cancelSubscription(database.db, fan.id, sub.id);
    const last = (await notices(fan.id)).at(-1);
    await job().handle({ notificationId: last?.id ?? 0 }, { attempt: 1, isLastAttempt: false });
    expect((await notices(fan.id)).at(-1)?.status).toBe('skipped');
    expect((recorder.current?.sent ?? []).filter((m) => m.to === email)).toHaveLength(3);
  });
});
