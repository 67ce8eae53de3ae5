import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { outboxEmail } from '../../adapters/email/outbox-email';
import type { Messaging } from '../../adapters/messaging';
import { outboxSms } from '../../adapters/sms/outbox-sms';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { claimNextJob } from '../../jobs/repo';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob, notificationJobKind } from '../../use-cases/notification-job';
import { markSending } from './repo';

const ORIGIN = 'http://localhost:5172';

type Sent = { channel: 'sms' | 'email'; to: string; text: string; subject?: string };

/** Messaging that records what it sends (and can be made to wait or fail), in front of the real outbox. */
function recordingMessaging(database: DatabaseHandle) {
  const sent: Sent[] = [];
  let gate: Promise<void> | undefined;
  let failures = 0;
  const sms = outboxSms(database);
  const email = outboxEmail(database);
  const messaging: Pick<Messaging, 'sms' | 'email'> = {
    sms: {
      kind: 'outbox',
      send: async (to, text) => {
        await gate;
        if (failures > 0) {
          failures--;
          throw new Error('the provider is down');
        }
        await sms.send(to, text);
        sent.push({ channel: 'sms', to, text });
      },
    },
    email: {
      kind: 'outbox',
      send: async (message) => {
        await gate;
        await email.send(message);
        sent.push({ channel: 'email', ...message });
      },
    },
  };
  return {
    messaging,
    sent,
    /** Sends wait until the returned function is called. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    failNext(count: number) {
      failures = count;
    },
  };
}

async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(databaseKinds())('notifications on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  let changes: Awaited<ReturnType<typeof startChangeFeed>>;
  const workers: JobRunner[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // Message notifications wait no time here, so a test decides when the worker looks.
    app = (await buildTestApp(database, { env: { MESSAGE_NOTIFICATION_DELAY_SECONDS: '0' } })).app;
    people = peopleOn(app, database);
    changes = await startChangeFeed(database, captureLogger().logger);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
  });

  function startWorker(messaging: Pick<Messaging, 'sms' | 'email'>) {
    const logger = captureLogger().logger;
    const worker = createJobRunner({
      db: database.db,
      changes,
      logger,
      types: [notificationJob({ db: database.db, messaging, logger, publicOrigin: ORIGIN })],
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  /** Sends whatever earlier tests left queued, so a test's batch holds only its own rows. */
  async function drainQueue() {
    const worker = startWorker(recordingMessaging(database).messaging);
    await until(async () => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from jobs where type = ${notificationJobKind.name}
          and (status = 'running' or (status = 'pending' and run_at <= now()))`,
      );
      return row?.n === 0;
    });
    await worker.stop();
  }

  const statuses = async (userId: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from notifications where user_id = ${userId} order by id`,
      )
    ).map((r) => r.status);

  /** Moves the jobs of a user's notifications to run `secondsFromNow` from now (time passing). */
  const runJobsIn = (userId: string, secondsFromNow: number) =>
    database.db.execute(sql`update jobs set run_at = now() + make_interval(secs => ${secondsFromNow})
      where type = ${notificationJobKind.name} and status = 'pending'
        and (payload->>'notificationId')::bigint in (select id from notifications where user_id = ${userId})`);

  const jobStatuses = async (userId: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from jobs where type = ${notificationJobKind.name}
          and (payload->>'notificationId')::bigint in (select id from notifications where user_id = ${userId})`,
      )
    ).map((r) => r.status);

  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    people.json<{ tipId: string }>(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);

  it('texts a creator once for a tip, to the phone they sign in with, naming the fan and the link', async () => {
    const recorder = recordingMessaging(database);
    const worker = startWorker(recorder.messaging);
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await tip(fan, creator, 25);
    await until(() => recorder.sent.some((m) => m.to === creator.phone));
    await worker.stop();
    const mine = recorder.sent.filter((m) => m.to === creator.phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.channel).toBe('sms');
    expect(mine[0]?.text).toContain('sent you a $25 tip');
    expect(mine[0]?.text).toContain(`${ORIGIN}/received/item/${tipId}`);
    expect(await statuses(creator.id)).toEqual(['sent']);
    // The anonymous fan is not named.
    const other = await people.newPerson();
    const worker2 = startWorker(recorder.messaging);
    await tip(fan, other, 3, true);
    await until(() => recorder.sent.some((m) => m.to === other.phone));
    await worker2.stop();
    expect(recorder.sent.find((m) => m.to === other.phone)?.text).toContain('An anonymous fan sent you a $3 tip');
  });

  const notices = async (userId: string) =>
    queryRows<{ kind: string; status: string; after: number | null; until: number | null }>(
      database.db,
      sql`select kind, status, gift_seq_after as after, gift_seq_until as until
        from notifications where user_id = ${userId} order by id`,
    );
  /** Makes a user's waiting notifications due now, as if their time came, and wakes the workers. */
  const dueNow = async (userId: string) => {
    await database.db.execute(
      sql`update notifications set not_before = now() where user_id = ${userId} and status = 'pending'`,
    );
    await runJobsIn(userId, 0);
    await notifyChange(database.db, { topic: 'jobs' });
  };

  it('tells of a stream of gifts at once for the first, then together every 10 minutes, each gift once', async () => {
    const recorder = recordingMessaging(database);
    const worker = startWorker(recorder.messaging);
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const texts = () => recorder.sent.filter((m) => m.to === creator.phone).map((m) => m.text);
    // A notice is marked sent just after its text goes out: wait for both, or the status may still be `sending`.
    const told = (count: number) => async () =>
      texts().length === count && (await notices(creator.id))[count - 1]?.status === 'sent';
    await tip(fan, creator, 5);
    await until(told(1));
    // Two more within 10 minutes: not told one by one, but by one summary due 10 minutes after the first notice.
    await tip(fan, creator, 7);
    await tip(fan, creator, 9);
    expect(await notices(creator.id)).toEqual([
      { kind: 'gift', status: 'sent', after: null, until: null },
      { kind: 'gifts_summary', status: 'pending', after: 1, until: null },
    ]);
    const [due] = await queryRows<{ minutes: number }>(
      database.db,
      sql`select round(extract(epoch from max(not_before) - min(not_before)) / 60)::int as minutes
        from notifications where user_id = ${creator.id}`,
    );
    expect(due?.minutes).toBe(10);
    await dueNow(creator.id);
    await until(told(2));
    expect(texts()[1]).toContain('You received 2 more gifts and tips ($16 in all)');
    expect(texts()[1]).toContain(`${ORIGIN}/received`);
    expect((await notices(creator.id))[1]).toMatchObject({ status: 'sent', until: 3 });

    // A gift soon after the summary: the next summary starts after the gifts the last one told of.
    await tip(fan, creator, 4);
    expect((await notices(creator.id))[2]).toEqual({ kind: 'gifts_summary', status: 'pending', after: 3, until: null });
    await dueNow(creator.id);
    await until(() => texts().length === 3);
    expect(texts()[2]).toContain('You received another gift or tip ($4)');

    // Ten quiet minutes after the last notice: the next gift is told at once, by itself.
    await database.db.execute(
      sql`update notifications set not_before = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await tip(fan, creator, 6);
    await until(() => texts().length === 4);
    await worker.stop();
    expect(texts()[3]).toContain('sent you a $6 tip');
    expect((await notices(creator.id)).map((n) => n.kind)).toEqual(['gift', 'gifts_summary', 'gifts_summary', 'gift']);
  });

  it('counts every gift of a batch once: the first told at once, the rest in its summary', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, () => people.newPerson({ tokens: 100 })));
    const creator = await people.newPerson();
    await Promise.all(fans.map((fan) => tip(fan, creator, 2)));
    expect((await notices(creator.id)).map((n) => [n.kind, n.after])).toEqual([
      ['gift', null],
      ['gifts_summary', 1],
    ]);
    const recorder = recordingMessaging(database);
    await dueNow(creator.id);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await statuses(creator.id)).every((s) => s === 'sent'));
    await worker.stop();
    const texts = recorder.sent.filter((m) => m.to === creator.phone).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts.join('\n')).toContain('You received 5 more gifts and tips ($10 in all)');
  });

  it('sends nothing for a gift when gift notifications are off', async () => {
    const recorder = recordingMessaging(database);
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    await people.json(people.patch(creator, '/settings', { notifyGifts: false }));
    await tip(fan, creator);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await statuses(creator.id))[0] === 'skipped');
    await worker.stop();
    expect(recorder.sent.filter((m) => m.to === creator.phone)).toEqual([]);
  });

  async function conversationWithMessage() {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await tip(fan, creator);
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return { fan, creator, conversationId };
  }
  const message = (from: Person, conversationId: string, content = 'hello') =>
    people.json(people.post(from, `/conversations/${conversationId}/messages`, { type: 'text', content }), 201);
  const messageNotifications = async (userId: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from notifications where user_id = ${userId} and kind = 'message' order by id`,
      )
    ).map((r) => r.status);

  it('tells a recipient who is not reading of a message at most once per conversation per 10 minutes', async () => {
    const recorder = recordingMessaging(database);
    const { fan, creator, conversationId } = await conversationWithMessage();
    await message(fan, conversationId, 'one');
    await message(fan, conversationId, 'two');
    expect(await messageNotifications(creator.id)).toEqual(['pending']);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await messageNotifications(creator.id))[0] === 'sent');
    const texts = recorder.sent.filter((m) => m.to === creator.phone && m.text.includes('message'));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain(`${ORIGIN}/conversations/${conversationId}`);
    expect(texts[0]?.text).not.toContain('one');
    await message(fan, conversationId, 'three');
    expect(await messageNotifications(creator.id)).toEqual(['sent']);
    // Ten minutes later, the next message is told again.
    await database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message(fan, conversationId, 'four');
    await until(async () => (await messageNotifications(creator.id)).join() === 'sent,sent');
    await worker.stop();
    expect(recorder.sent.filter((m) => m.to === creator.phone && m.text.includes('message'))).toHaveLength(2);
  });

  it('does not tell a recipient who read the message meanwhile, nor one who turned messages off', async () => {
    const recorder = recordingMessaging(database);
    const { fan, creator, conversationId } = await conversationWithMessage();
    await message(fan, conversationId);
    // The creator has the conversation open and reads it before the worker looks.
    await people.post(creator, `/conversations/${conversationId}/seen`);
    const other = await conversationWithMessage();
    await people.json(people.patch(other.creator, '/settings', { notifyMessages: false }));
    await message(other.fan, other.conversationId);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await messageNotifications(creator.id))[0] === 'skipped');
    await until(async () => (await messageNotifications(other.creator.id))[0] === 'skipped');
    await worker.stop();
    expect(
      recorder.sent.filter((m) => [creator.phone, other.creator.phone].includes(m.to) && m.text.includes('message')),
    ).toEqual([]);
  });

  it('sends each notification exactly once when the worker is stopped mid-batch and restarted', async () => {
    const recorder = recordingMessaging(database);
    const fan = await people.newPerson({ tokens: 100 });
    // Ten creators, each told of their tip at once (one creator's later gifts would go in one summary).
    const creators = await Promise.all(Array.from({ length: 10 }, () => people.newPerson()));
    for (const [i, creator] of creators.entries()) await tip(fan, creator, i + 1);
    const ids = creators.map((c) => c.id);
    const allStatuses = async () => (await Promise.all(ids.map(statuses))).flat();
    for (const id of ids) await runJobsIn(id, 3600);
    await drainQueue();
    // An hour passes: they come due. The worker sleeps until then, so it is woken as it would be.
    for (const id of ids) await runJobsIn(id, 0);
    await notifyChange(database.db, { topic: 'jobs' });
    const release = recorder.hold();
    const first = startWorker(recorder.messaging);
    // The first send of the batch is under way (held); stop the worker meanwhile.
    await until(async () => (await allStatuses()).includes('sending'));
    const stopping = first.stop();
    release();
    await stopping;
    const afterStop = await allStatuses();
    expect(afterStop.filter((s) => s === 'sent')).toHaveLength(1);
    expect(afterStop.filter((s) => s === 'pending')).toHaveLength(9);

    const second = startWorker(recorder.messaging);
    await until(async () => (await allStatuses()).every((s) => s === 'sent'));
    await second.stop();
    const phones = new Set(creators.map((c) => c.phone));
    const texts = recorder.sent.filter((m) => phones.has(m.to)).map((m) => m.text);
    expect(texts).toHaveLength(10);
    expect(new Set(texts).size).toBe(10);
  });

  it('after a crash, sends what was only claimed and never resends what was with the provider', async () => {
    const recorder = recordingMessaging(database);
    const fan = await people.newPerson({ tokens: 100 });
    const creators = await Promise.all(Array.from({ length: 3 }, () => people.newPerson()));
    await drainQueue();
    for (const [i, creator] of creators.entries()) await tip(fan, creator, i + 1);
    const allStatuses = async () => (await Promise.all(creators.map((c) => statuses(c.id)))).flat();
    // A runner that died: it claimed the three jobs with a short lease and had handed the first to the provider.
    const claim = () =>
      claimNextJob(database.db, {
        runnerId: 'dead-runner',
        types: [{ name: notificationJobKind.name, leaseSeconds: 0.05 }],
        now: undefined,
      });
    const dead = [await claim(), await claim(), await claim()];
    const ids = dead.map((job) => notificationJobKind.payload.parse(job?.payload).notificationId);
    expect(await allStatuses()).toEqual(['pending', 'pending', 'pending']);
    expect(ids).toHaveLength(3);
    expect(await markSending(database.db, ids[0] as number)).toBe(true);
    // Its lease ends.
    await new Promise((r) => setTimeout(r, 100));

    const worker = startWorker(recorder.messaging);
    await until(async () => (await allStatuses()).filter((s) => s === 'sent').length === 2);
    await worker.stop();
    expect(await allStatuses()).toEqual(['unknown', 'sent', 'sent']);
    const phones = new Set(creators.map((c) => c.phone));
    expect(recorder.sent.filter((m) => phones.has(m.to))).toHaveLength(2);
  });

  it('tries again after a provider refusal', async () => {
    const recorder = recordingMessaging(database);
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    await tip(fan, creator);
    recorder.failNext(1);
    const worker = startWorker(recorder.messaging);
    const attempts = async () =>
      (
        await queryRows<{ status: string; attempts: number; last_error: string | null }>(
          database.db,
          sql`select status, attempts, last_error from notifications where user_id = ${creator.id}`,
        )
      )[0];
    // Failed once, and its job is back in the queue for the retry (the runner writes that after the row).
    await until(async () => (await attempts())?.attempts === 1 && (await attempts())?.status === 'pending');
    await until(async () => (await jobStatuses(creator.id)).join() === 'pending');
    expect((await attempts())?.last_error).toBe('the provider is down');
    // Thirty seconds pass: the retry comes due. The worker sleeps until then, so it is woken as it would be.
    await runJobsIn(creator.id, 0);
    await notifyChange(database.db, { topic: 'jobs' });
    await until(async () => (await attempts())?.status === 'sent');
    await worker.stop();
    expect((await attempts())?.attempts).toBe(2);
    expect(recorder.sent.filter((m) => m.to === creator.phone)).toHaveLength(1);
  });

  it.skipIf(kind !== 'postgres')('shares the queue between two workers without sending anything twice', async () => {
    const recorder = recordingMessaging(database);
    const fans = await Promise.all(Array.from({ length: 5 }, () => people.newPerson({ tokens: 100 })));
    const creators = await Promise.all(Array.from({ length: 8 }, () => people.newPerson()));
    await Promise.all(fans.flatMap((fan) => creators.map((creator, i) => tip(fan, creator, i + 1))));
    // Each creator: one notice at once and one summary of the other four tips, made due now.
    for (const creator of creators) await dueNow(creator.id);
    startWorker(recorder.messaging);
    startWorker(recorder.messaging);
    const allStatuses = async () => (await Promise.all(creators.map((c) => statuses(c.id)))).flat();
    await until(async () => (await allStatuses()).every((s) => s === 'sent'), 20_000);
    expect(await allStatuses()).toHaveLength(16);
    const phones = new Set(creators.map((c) => c.phone));
    const texts = recorder.sent.filter((m) => phones.has(m.to)).map((m) => m.text);
    expect(texts).toHaveLength(16);
    expect(texts.filter((t) => t.includes('You received 4 more gifts and tips'))).toHaveLength(8);
  });
});
