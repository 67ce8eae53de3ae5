import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { createPushSender } from '../../adapters/push/web-push-sender';
import { usePushSuite } from './push-fixtures';
import { PUSH_MESSAGES, subscribe } from './service';

describe.each(databaseKinds())('web push devices on %s', (kind) => {
  const suite = usePushSuite(kind);
  const { subscribeDevice, subscriptionCount } = suite;

  it("lets a user remove their own device, never another user's", async () => {
    const owner = await suite.people.newPerson();
    const other = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(owner, device);
    const removal = { endpoint: device.endpoint };
    expect((await suite.people.request(other, 'DELETE', '/push/subscriptions', removal)).status).toBe(404);
    expect(await subscriptionCount(device)).toBe(1);
    expect((await suite.people.request(undefined, 'DELETE', '/push/subscriptions', removal)).status).toBe(401);
    expect((await suite.people.request(owner, 'DELETE', '/push/subscriptions', removal)).status).toBe(204);
    expect(await subscriptionCount(device)).toBe(0);
    expect((await suite.people.request(owner, 'DELETE', '/push/subscriptions', removal)).status).toBe(404);
  });

  it('forgets every device of an account that is deleted', async () => {
    const person = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(person, device);
    expect(await subscriptionCount(device)).toBe(1);
    expect((await suite.people.post(person, '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await subscriptionCount(device)).toBe(0);
  });

  it('moves a device to whoever registers it last (another account signed in on that browser)', async () => {
    const first = await suite.people.newPerson();
    const second = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(first, device);
    await subscribeDevice(second, device);
    expect(await suite.people.json(suite.people.get(first, '/push/subscriptions'))).toEqual({ endpoints: [] });
    expect(await suite.people.json(suite.people.get(second, '/push/subscriptions'))).toEqual({
      endpoints: [device.endpoint],
    });
  });

  it('keeps at most 10 devices per user, dropping the oldest', async () => {
    const person = await suite.people.newPerson();
    const devices = Array.from({ length: 11 }, () => suite.endpoint.newDevice());
    for (const device of devices)
      await subscribe(suite.database.db, person.id, device, { allowPrivateAddresses: true });
    const { endpoints } = await suite.people.json<{ endpoints: string[] }>(
      suite.people.get(person, '/push/subscriptions'),
    );
    expect(endpoints).toHaveLength(10);
    expect(endpoints).not.toContain(devices[0]?.endpoint);
    expect(endpoints).toContain(devices[10]?.endpoint);
  });

  it('limits registrations to 10 a minute per user (fixed windows: 20 at most across a minute edge)', async () => {
    const person = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    const answers: Response[] = [];
    for (let i = 0; i < 21; i++) answers.push(await subscribeDevice(person, device));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(204));
    const refused = answers.find((a) => a.status === 429);
    expect(await refused?.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('push') },
    });
  });

  it('refuses subscriptions that are not valid', async () => {
    const person = await suite.people.newPerson();
    const good = suite.endpoint.newDevice();
    const expect400 = async (body: unknown, field: string) => {
      const answer = await suite.people.post(person, '/push/subscriptions', body);
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
      (await suite.people.post(undefined, '/push/subscriptions', { endpoint: good.endpoint, keys: good.keys })).status,
    ).toBe(401);
  });

  it('in production, refuses http and private addresses when registering, and the sender refuses them too', async () => {
    const person = await suite.people.newPerson();
    const { keys } = suite.endpoint.newDevice();
    const production = { allowPrivateAddresses: false };
    const refusal = (endpoint: string) => subscribe(suite.database.db, person.id, { endpoint, keys }, production);
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
    await subscribe(suite.database.db, person.id, { endpoint: 'https://push.example/ok', keys }, production);
    // At send time the name is resolved and every address checked (a public name may point inward).
    const sender = createPushSender({
      vapid: { ...suite.harness.vapid, subject: 'mailto:ops@sweetwish.app' },
      allowPrivateAddresses: false,
      resolve: async (host) =>
        host === 'inward.example' ? [{ address: '::127.0.0.1', family: 6 }] : [{ address: '127.0.0.1', family: 4 }],
    });
    const target = { keys, p256dh: keys.p256dh, auth: keys.auth };
    expect(await sender.send({ ...target, endpoint: `${suite.endpoint.origin}/push/x` }, '{}')).toMatchObject({
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
