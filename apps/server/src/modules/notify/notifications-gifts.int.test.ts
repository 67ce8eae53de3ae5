import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { Messaging } from '../../adapters/messaging';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob, notificationJobKind } from '../../use-cases/notification-job';
import { ORIGIN, recordingMessaging, until } from './notifications-fixtures';

describe.each(databaseKinds())('gift notifications on %s', (kind) => {
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

  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    people.json<{ tipId: string }>(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);

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

  it('leaves a funded group gift out of the summary: its own notice tells of it', async () => {
    const [first, second] = [await people.newPerson({ tokens: 100 }), await people.newPerson({ tokens: 100 })];
    const creator = await people.newPerson();
    await tip(first, creator, 5);
    const group = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Espresso machine', cost: 30, isGroupGift: true }),
      201,
    );
    for (const [fan, amount] of [[first, 10] as const, [second, 20] as const]) {
      await people.json(people.post(fan, `/wishes/${group.id}/contributions`, { amount, isAnonymous: false }), 201);
    }
    await tip(second, creator, 7);
    expect((await notices(creator.id)).map((n) => n.kind)).toEqual(['gift', 'group_gift', 'gifts_summary']);
    const recorder = recordingMessaging(database);
    await dueNow(creator.id);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await statuses(creator.id)).every((s) => s === 'sent'));
    await worker.stop();
    const texts = recorder.sent.filter((m) => m.to === creator.phone).map((m) => m.text);
    expect(texts[1]).toContain('Your group gift Espresso machine is fully funded!');
    // Before: "You received 3 more gifts and tips ($37 in all)", the group gift's two shares counted again.
    expect(texts[2]).toContain('You received another gift or tip ($7)');
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
});
