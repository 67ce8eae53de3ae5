import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { type PushEndpoint, startPushEndpoint, type TestDevice } from '../../../test/push-endpoint';
import { createMessaging } from '../../adapters/messaging';
import { createPushSender } from '../../adapters/push/web-push-sender';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { createPushDelivery, PUSH_MESSAGES, subscribe } from './service';

const ORIGIN = 'http://localhost:5172';
/** Message notifications wait this long here; a test moves their jobs' time forward instead of sleeping. */
const DELAY_SECONDS = 600;

describe.each(databaseKinds())('web push devices on %s', (kind) => {
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
  const subscriptionCount = async (device: TestDevice) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from push_subscriptions where endpoint = ${device.endpoint}`,
      )
    )[0]?.n;

  it("lets a user remove their own device, never another user's", async () => {
    const owner = await people.newPerson();
    const other = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(owner, device);
    const removal = { endpoint: device.endpoint };
    expect((await people.request(other, 'DELETE', '/push/subscriptions', removal)).status).toBe(404);
    expect(await subscriptionCount(device)).toBe(1);
    expect((await people.request(undefined, 'DELETE', '/push/subscriptions', removal)).status).toBe(401);
    expect((await people.request(owner, 'DELETE', '/push/subscriptions', removal)).status).toBe(204);
    expect(await subscriptionCount(device)).toBe(0);
    expect((await people.request(owner, 'DELETE', '/push/subscriptions', removal)).status).toBe(404);
  });

  it('forgets every device of an account that is deleted', async () => {
    const person = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(person, device);
    expect(await subscriptionCount(device)).toBe(1);
    expect((await people.post(person, '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await subscriptionCount(device)).toBe(0);
  });

  it('moves a device to whoever registers it last (another account signed in on that browser)', async () => {
    const first = await people.newPerson();
    const second = await people.newPerson();
    const device = endpoint.newDevice();
    await subscribeDevice(first, device);
    await subscribeDevice(second, device);
    expect(await people.json(people.get(first, '/push/subscriptions'))).toEqual({ endpoints: [] });
    expect(await people.json(people.get(second, '/push/subscriptions'))).toEqual({ endpoints: [device.endpoint] });
  });

  it('keeps at most 10 devices per user, dropping the oldest', async () => {
    const person = await people.newPerson();
    const devices = Array.from({ length: 11 }, () => endpoint.newDevice());
    for (const device of devices) await subscribe(database.db, person.id, device, { allowPrivateAddresses: true });
    const { endpoints } = await people.json<{ endpoints: string[] }>(people.get(person, '/push/subscriptions'));
    expect(endpoints).toHaveLength(10);
    expect(endpoints).not.toContain(devices[0]?.endpoint);
    expect(endpoints).toContain(devices[10]?.endpoint);
  });

  it('limits registrations to 10 a minute per user (fixed windows: 20 at most across a minute edge)', async () => {
    const person = await people.newPerson();
    const device = endpoint.newDevice();
    const answers: Response[] = [];
    for (let i = 0; i < 21; i++) answers.push(await subscribeDevice(person, device));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(204));
    const refused = answers.find((a) => a.status === 429);
    expect(await refused?.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('push') },
    });
  });

  it('refuses subscriptions that are not valid', async () => {
    const person = await people.newPerson();
    const good = endpoint.newDevice();
    const expect400 = async (body: unknown, field: string) => {
      const answer = await people.post(person, '/push/subscriptions', body);
      const text = await answer.text();
      expect(answer.status, text).toBe(400);
      expect(Object.keys((JSON.parse(text) as { error: { fields: object } }).error.fields)).toContain(field);
    };
    await expect400({ endpoint: 'not a url', keys: good.keys }, 'endpoint');
    await expect400({ endpoint: 'ftp://push.example/x', keys: good.keys }, 'endpoint');
    await expect400({ endpoint: `https://push.example/${'x'.repeat(1100)}`, keys: good.keys }, 'endpoint');
    await expect400({ endpoint: good.endpoint, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh');
    await expect400({ endpoint: good.endpoint, keys: { ...good.keys, auth: `${'+'.repeat(22)}` } }, 'keys.auth');
    // 65 bytes, but not a point of the curve.
    await expect400({ endpoint: good.endpoint, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'keys.p256dh');
    await expect400({ endpoint: good.endpoint }, 'keys');
    expect(
      (await people.post(undefined, '/push/subscriptions', { endpoint: good.endpoint, keys: good.keys })).status,
    ).toBe(401);
  });

  it('in production, refuses http and private addresses when registering, and the sender refuses them too', async () => {
    const person = await people.newPerson();
    const { keys } = endpoint.newDevice();
    const production = { allowPrivateAddresses: false };
    const refusal = (endpoint: string) => subscribe(database.db, person.id, { endpoint, keys }, production);
    await expect(refusal('http://push.example/x')).rejects.toThrow(PUSH_MESSAGES.notHttps);
    for (const address of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      // IPv4-compatible (::/96) and NAT64 forms, which the webhook guard refused and this one did not.
      'https://[::127.0.0.1]/x',
      'https://[::7f00:1]/x',
      'https://[64:ff9b::7f00:1]/x',
      'https://localhost/x',
    ]) {
      await expect(refusal(address), address).rejects.toThrow(PUSH_MESSAGES.privateAddress);
    }
    await subscribe(database.db, person.id, { endpoint: 'https://push.example/ok', keys }, production);
    // At send time the name is resolved and every address checked (a public name may point inward).
    const sender = createPushSender({
      vapid: { ...harness.vapid, subject: 'mailto:ops@sweetwish.app' },
      allowPrivateAddresses: false,
      resolve: async (host) =>
        host === 'inward.example' ? [{ address: '::127.0.0.1', family: 6 }] : [{ address: '127.0.0.1', family: 4 }],
    });
    const target = { keys, p256dh: keys.p256dh, auth: keys.auth };
    expect(await sender.send({ ...target, endpoint: `${endpoint.origin}/push/x` }, '{}')).toMatchObject({
      kind: 'failed',
      reason: 'the endpoint is not https',
    });
    expect(await sender.send({ ...target, endpoint: 'https://127.0.0.1:1/push/x' }, '{}')).toMatchObject({
      kind: 'failed',
      reason: 'refused: not a public address',
    });
    expect(await sender.send({ ...target, endpoint: 'https://[::127.0.0.1]:1/push/x' }, '{}')).toMatchObject({
      kind: 'failed',
      reason: 'refused: not a public address',
    });
    expect(await sender.send({ ...target, endpoint: 'https://localhost:1/push/x' }, '{}')).toMatchObject({
      kind: 'failed',
      reason: 'refused: not a public address',
    });
    expect(await sender.send({ ...target, endpoint: 'https://inward.example:1/push/x' }, '{}')).toMatchObject({
      kind: 'failed',
      reason: 'refused: not a public address',
      detail: 'inward.example resolves to ::127.0.0.1, not a public address',
    });
  });
});
