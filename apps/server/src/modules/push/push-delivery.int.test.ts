import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { type PushEndpoint, startPushEndpoint, type TestDevice } from '../../../test/push-endpoint';
import { createMessaging } from '../../adapters/messaging';
import { createPushSender } from '../../adapters/push/web-push-sender';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob, notificationJobKind } from '../../use-cases/notification-job';
import { createPushDelivery } from './service';

const ORIGIN = 'http://localhost:5172';
/** Message notifications wait this long here; a test moves their jobs' time forward instead of sleeping. */
const DELAY_SECONDS = 600;

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(databaseKinds())('web push delivery on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let endpoint: PushEndpoint;
  let runner: JobRunner;
  const pushLog = captureLogger();

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database, { env: { MESSAGE_NOTIFICATION_DELAY_SECONDS: String(DELAY_SECONDS) } });
    people = peopleOn(harness.app, database);
    endpoint = await startPushEndpoint();
    const changes = await startChangeFeed(database, captureLogger().logger);
    // As server.ts wires it: the notification job with push beside the outbox's SMS and e-mail.
    const sender = createPushSender({
      vapid: { ...harness.vapid, subject: harness.config.vapidSubject },
      allowPrivateAddresses: true,
    });
    runner = createJobRunner({
      db: database.db,
      changes,
      logger: pushLog.logger,
      types: [
        notificationJob({
          db: database.db,
          messaging: createMessaging(harness.config, database),
          push: createPushDelivery({ db: database.db, sender, logger: pushLog.logger }),
          logger: pushLog.logger,
          publicOrigin: ORIGIN,
        }),
      ],
    });
    runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await endpoint.close();
    await database.close();
  });

  const subscribeDevice = (person: Person, device: Pick<TestDevice, 'endpoint' | 'keys'>) =>
    people.post(person, '/push/subscriptions', { endpoint: device.endpoint, keys: device.keys });
  const pushesTo = (device: TestDevice) => endpoint.received.filter((p) => p.device === device.endpoint);
  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    people.json<{ tipId: string }>(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);
  const notificationStatuses = async (userId: string, kind: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from notifications where user_id = ${userId} and kind = ${kind} order by id`,
      )
    ).map((r) => r.status);
  const subscriptionCount = async (device: TestDevice) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from push_subscriptions where endpoint = ${device.endpoint}`,
      )
    )[0]?.n;

  it('gives the VAPID public key to anyone', async () => {
    const answer = await people.json<{ publicKey: string }>(people.get(undefined, '/push/public-key'));
    expect(answer.publicKey).toBe(harness.vapid.publicKey);
  });

  it('delivers one push for a tip, encrypted to the device and signed with the server key, saying what the text says', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const device = endpoint.newDevice();
    expect((await subscribeDevice(creator, device)).status).toBe(204);
    // Registering the same device again changes nothing.
    expect((await subscribeDevice(creator, device)).status).toBe(204);
    expect(await people.json(people.get(creator, '/push/subscriptions'))).toEqual({ endpoints: [device.endpoint] });
    const { tipId } = await tip(fan, creator, 25);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
    await until(() => pushesTo(device).length > 0);
    const [push, ...more] = pushesTo(device);
    expect(more).toEqual([]);
    const fanName = (await people.json<{ displayName: string }>(people.get(fan, '/me'))).displayName;
    expect(push?.payload).toEqual({
      title: 'You received a tip on Sweetwish',
      body: `${fanName} sent you a $25 tip.`,
      url: `/received/item/${tipId}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push?.vapidPublicKey).toBe(harness.vapid.publicKey);
    expect(push?.claims.aud).toBe(endpoint.origin);
    expect(push?.claims.sub).toBe('mailto:push@localhost');
    expect(push?.ttl).toBe('86400');
    expect(endpoint.rejected).toEqual([]);
  });

  it('sends no push when gift notifications are off', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(creator, device);
    await people.json(people.patch(creator, '/settings', { notifyGifts: false }));
    await tip(fan, creator);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'skipped');
    expect(pushesTo(device)).toEqual([]);
  });

  it('tells of a message only after the delay, at most once per conversation per 10 minutes, never with its text', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(creator, device);
    const { tipId } = await tip(fan, creator);
    await until(() => pushesTo(device).length === 1);
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    const message = (content: string) =>
      people.json(people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content }), 201);
    // Time passes: the jobs come due, and the runners are told (as bringing a job forward does).
    const runMessageJobsNow = async () => {
      await database.db.execute(sql`update jobs set run_at = now() where type = ${notificationJobKind.name}
        and status = 'pending' and (payload->>'notificationId')::bigint in
          (select id from notifications where user_id = ${creator.id} and kind = 'message')`);
      await notifyChange(database.db, { topic: 'jobs' });
    };
    await message('secret one');
    await message('secret two');
    // The runner is running, but the delay has not passed: nothing yet.
    await new Promise((r) => setTimeout(r, 500));
    expect(await notificationStatuses(creator.id, 'message')).toEqual(['pending']);
    expect(pushesTo(device)).toHaveLength(1);
    await runMessageJobsNow();
    await until(async () => (await notificationStatuses(creator.id, 'message')).join() === 'sent');
    await until(() => pushesTo(device).length === 2);
    const push = pushesTo(device)[1];
    expect(push?.payload).toMatchObject({ body: expect.stringMatching(/ sent you a message\.$/) });
    expect(push?.payload).toMatchObject({ url: `/conversations/${conversationId}` });
    expect(JSON.stringify(push?.payload)).not.toContain('secret');
    // Within ten minutes: no new notification, so no push.
    await message('three');
    await runMessageJobsNow();
    expect(await notificationStatuses(creator.id, 'message')).toEqual(['sent']);
    // Ten minutes later, the next message is told again.
    await database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message('four');
    await runMessageJobsNow();
    await until(async () => (await notificationStatuses(creator.id, 'message')).join() === 'sent,sent');
    await until(() => pushesTo(device).length === 3);
    // Read before the delay passed: no push.
    await database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message('five');
    await people.post(creator, `/conversations/${conversationId}/seen`);
    await runMessageJobsNow();
    await until(async () => (await notificationStatuses(creator.id, 'message')).join() === 'sent,sent,skipped');
    await new Promise((r) => setTimeout(r, 300));
    expect(pushesTo(device)).toHaveLength(3);
  });

  it('forgets a device whose subscription is gone (410, 404) and still texts the user', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const [gone, missing, alive] = [endpoint.newDevice(), endpoint.newDevice(), endpoint.newDevice()];
    for (const device of [gone, missing, alive]) await subscribeDevice(creator, device);
    endpoint.answer(gone, 410);
    endpoint.answer(missing, 404);
    await tip(fan, creator);
    await until(() => pushesTo(alive).length === 1);
    await until(async () => (await subscriptionCount(gone)) === 0 && (await subscriptionCount(missing)) === 0);
    expect(await subscriptionCount(alive)).toBe(1);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
    expect(await people.json(people.get(creator, '/push/subscriptions'))).toEqual({ endpoints: [alive.endpoint] });
  });

  it('logs, and does not retry, a push the push service refuses otherwise', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(creator, device);
    endpoint.answer(device, 500);
    await tip(fan, creator);
    await until(() => pushLog.lines.some((l) => l.msg === 'a push was not delivered' && l.status === 500));
    expect(await subscriptionCount(device)).toBe(1);
    const line = pushLog.lines.find((l) => l.msg === 'a push was not delivered' && l.status === 500);
    expect(JSON.stringify(line)).not.toContain(device.endpoint);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
  });
});
