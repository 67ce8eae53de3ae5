import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { Messaging } from '../../adapters/messaging';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { claimNextJob } from '../../jobs/repo';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob, notificationJobKind } from '../../use-cases/notification-job';
import { ORIGIN, recordingMessaging, until } from './notifications-fixtures';
import { markSending } from './repo';

describe.each(databaseKinds())('the notification worker on %s', (kind) => {
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
  // A test that failed midway leaves its workers running: they must not take the next test's jobs.
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });
  afterAll(async () => {
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

  /** Makes a user's waiting notifications due now, as if their time came, and wakes the workers. */
  const dueNow = async (userId: string) => {
    await database.db.execute(
      sql`update notifications set not_before = now() where user_id = ${userId} and status = 'pending'`,
    );
    await runJobsIn(userId, 0);
    await notifyChange(database.db, { topic: 'jobs' });
  };

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
    recorder.failNextTo(creator.phone);
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
