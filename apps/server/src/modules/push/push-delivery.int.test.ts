import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import type { Person } from '../../../test/people';
import type { TestDevice } from '../../../test/push-endpoint';
import { notifyChange } from '../../changes/change-feed';
import { queryRows } from '../../db/client';
import { notificationJobKind } from '../../use-cases/notification-job';
import { usePushSuite } from './push-fixtures';

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(databaseKinds())('web push delivery on %s', (kind) => {
  const suite = usePushSuite(kind);
  const { pushLog, subscribeDevice, subscriptionCount } = suite;

  const pushesTo = (device: TestDevice) => suite.endpoint.received.filter((p) => p.device === device.endpoint);
  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    suite.people.json<{ tipId: string }>(
      suite.people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }),
      201,
    );
  const notificationStatuses = async (userId: string, kind: string) =>
    (
      await queryRows<{ status: string }>(
        suite.database.db,
        sql`select status from notifications where user_id = ${userId} and kind = ${kind} order by id`,
      )
    ).map((r) => r.status);

  it('gives the VAPID public key to anyone', async () => {
    const answer = await suite.people.json<{ publicKey: string }>(suite.people.get(undefined, '/push/public-key'));
    expect(answer.publicKey).toBe(suite.harness.vapid.publicKey);
  });

  it('delivers one push for a tip, encrypted to the device and signed with the server key, saying what the text says', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    expect((await subscribeDevice(creator, device)).status).toBe(204);
    // Registering the same device again changes nothing.
    expect((await subscribeDevice(creator, device)).status).toBe(204);
    expect(await suite.people.json(suite.people.get(creator, '/push/subscriptions'))).toEqual({
      endpoints: [device.endpoint],
    });
    const { tipId } = await tip(fan, creator, 25);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
    await until(() => pushesTo(device).length > 0);
    const [push, ...more] = pushesTo(device);
    expect(more).toEqual([]);
    const fanName = (await suite.people.json<{ displayName: string }>(suite.people.get(fan, '/me'))).displayName;
    expect(push?.payload).toEqual({
      title: 'You received a tip on Sweetwish',
      body: `${fanName} sent you a $25 tip.`,
      url: `/received/item/${tipId}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });
    expect(push?.vapidPublicKey).toBe(suite.harness.vapid.publicKey);
    expect(push?.claims.aud).toBe(suite.endpoint.origin);
    expect(push?.claims.sub).toBe('mailto:push@localhost');
    expect(push?.ttl).toBe('86400');
    expect(suite.endpoint.rejected).toEqual([]);
  });

  it('sends no push when gift notifications are off', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(creator, device);
    await suite.people.json(suite.people.patch(creator, '/settings', { notifyGifts: false }));
    await tip(fan, creator);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'skipped');
    expect(pushesTo(device)).toEqual([]);
  });

  it('tells of a message only after the delay, at most once per conversation per 10 minutes, never with its text', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(creator, device);
    const { tipId } = await tip(fan, creator);
    await until(() => pushesTo(device).length === 1);
    const { conversationId } = await suite.people.json<{ conversationId: string }>(
      suite.people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    const message = (content: string) =>
      suite.people.json(
        suite.people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content }),
        201,
      );
    // Time passes: the jobs come due, and the runners are told (as bringing a job forward does).
    const runMessageJobsNow = async () => {
      await suite.database.db.execute(sql`update jobs set run_at = now() where type = ${notificationJobKind.name}
        and status = 'pending' and (payload->>'notificationId')::bigint in
          (select id from notifications where user_id = ${creator.id} and kind = 'message')`);
      await notifyChange(suite.database.db, { topic: 'jobs' });
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
    await suite.database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message('four');
    await runMessageJobsNow();
    await until(async () => (await notificationStatuses(creator.id, 'message')).join() === 'sent,sent');
    await until(() => pushesTo(device).length === 3);
    // Read before the delay passed: no push.
    await suite.database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message('five');
    await suite.people.post(creator, `/conversations/${conversationId}/seen`);
    await runMessageJobsNow();
    await until(async () => (await notificationStatuses(creator.id, 'message')).join() === 'sent,sent,skipped');
    await new Promise((r) => setTimeout(r, 300));
    expect(pushesTo(device)).toHaveLength(3);
  });

  it('forgets a device whose subscription is gone (410, 404) and still texts the user', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const [gone, missing, alive] = [suite.endpoint.newDevice(), suite.endpoint.newDevice(), suite.endpoint.newDevice()];
    for (const device of [gone, missing, alive]) await subscribeDevice(creator, device);
    suite.endpoint.answer(gone, 410);
    suite.endpoint.answer(missing, 404);
    await tip(fan, creator);
    await until(() => pushesTo(alive).length === 1);
    await until(async () => (await subscriptionCount(gone)) === 0 && (await subscriptionCount(missing)) === 0);
    expect(await subscriptionCount(alive)).toBe(1);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
    expect(await suite.people.json(suite.people.get(creator, '/push/subscriptions'))).toEqual({
      endpoints: [alive.endpoint],
    });
  });

  it('logs, and does not retry, a push the push service refuses otherwise', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const device = suite.endpoint.newDevice();
    await subscribeDevice(creator, device);
    suite.endpoint.answer(device, 500);
    await tip(fan, creator);
    await until(() => pushLog.lines.some((l) => l.msg === 'a push was not delivered' && l.status === 500));
    expect(await subscriptionCount(device)).toBe(1);
    const line = pushLog.lines.find((l) => l.msg === 'a push was not delivered' && l.status === 500);
    expect(JSON.stringify(line)).not.toContain(device.endpoint);
    await until(async () => (await notificationStatuses(creator.id, 'gift')).join() === 'sent');
  });
});
