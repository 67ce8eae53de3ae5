import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases';
import { outbox } from '../../../test/sign-in-helpers';
import { queryRows } from '../../db/client';
import { WEBHOOK_RETRY_SECONDS } from './retry-schedule';

import { type Endpoint, until, useWebhooksSuite } from './webhooks-fixtures';

describe.each(databaseKinds())('webhook signing and retries on %s', (kind) => {
  const suite = useWebhooksSuite(kind);
  const { addEndpoint, tip, attempts, verify, wake } = suite;

  it('signs with the old and the new secret for 24 hours after a roll, then with the new one only', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    const rolled = await suite.people.json<{ secret: string; previousExpiresAt: string }>(
      suite.people.post(creator, `/webhooks/endpoints/${endpoint.id}/secret/roll`),
    );
    expect(rolled.secret).not.toBe(endpoint.secret);
    const overlapHours = (Date.parse(rolled.previousExpiresAt) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    await tip(fan, creator);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [during] = suite.receiver.to(endpoint.path);
    if (!during) throw new Error('no delivery');
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(rolled.secret, during).type).toBe('tip.received');
    expect(verify(endpoint.secret, during).type).toBe('tip.received');
    // 24 hours on: the runner's clock moves past the overlap.
    suite.holdClockAt(new Date(Date.parse(rolled.previousExpiresAt) + 1000));
    await tip(fan, creator);
    await wake();
    await until(() => suite.receiver.to(endpoint.path).length === 2);
    const after = suite.receiver.to(endpoint.path)[1];
    if (!after) throw new Error('no delivery');
    expect(after.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    const verifyAt = (secret: string) =>
      new Webhook(secret).verify(after.body, {
        ...after.headers,
        'webhook-timestamp': after.headers['webhook-timestamp'] ?? '',
      });
    // The library checks the timestamp against the wall clock, so the signature is checked by recomputing it.
    const [, signature] = (after.headers['webhook-signature'] ?? '').split(',');
    const expected = (secret: string) =>
      new Webhook(secret)
        .sign(
          after.headers['webhook-id'] ?? '',
          new Date(Number(after.headers['webhook-timestamp']) * 1000),
          after.body,
        )
        .split(',')[1];
    expect(signature).toBe(expected(rolled.secret));
    expect(signature).not.toBe(expected(endpoint.secret));
    expect(() => verifyAt(rolled.secret)).toThrow(/too new/);
    // The owner's view no longer shows an overlap once it ended.
    await suite.database.db.execute(
      sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${endpoint.id}`,
    );
    expect(
      await suite.people.json<{ previousExpiresAt: string | null }>(
        suite.people.get(creator, `/webhooks/endpoints/${endpoint.id}/secret`),
      ),
    ).toEqual({ secret: rolled.secret, previousExpiresAt: null });
  });

  it('retries a failing receiver on the back-off schedule, then disables the endpoint after 5 days and tells its owner', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received'], { status: 500, body: 'down' });
    const start = new Date(Date.now() + 5_000);
    suite.holdClockAt(start);
    await tip(fan, creator);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    const [{ deliveryId } = { deliveryId: 0 }] = await queryRows<{ deliveryId: number }>(
      suite.database.db,
      sql`select id::int as "deliveryId" from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    /** When the delivery's job runs next, once its `attempts`th attempt is recorded. */
    const nextRun = async (attempts: number) => {
      let runAt: string | undefined;
      await until(async () => {
        const [row] = await queryRows<{ runAt: string; attempts: number }>(
          suite.database.db,
          sql`select j.run_at::text as "runAt", d.attempts from jobs j, webhook_deliveries d
            where d.id = ${deliveryId} and j.type = 'webhook-delivery' and j.status = 'pending'
              and (j.payload->>'deliveryId')::bigint = d.id`,
        );
        runAt = row?.runAt;
        return row?.attempts === attempts;
      });
      return new Date(runAt ?? 0);
    };
    for (const [i, wait] of WEBHOOK_RETRY_SECONDS.entries()) {
      const runAt = await nextRun(i + 1);
      expect((runAt.getTime() - (suite.heldAt as Date).getTime()) / 1000).toBe(wait);
      suite.holdClockAt(runAt);
      await wake();
      await until(() => suite.receiver.to(endpoint.path).length === i + 2);
    }
    const times = suite.receiver.to(endpoint.path).map((r) => Number(r.headers['webhook-timestamp']));
    expect(times.slice(1).map((t, i) => t - (times[i] as number))).toEqual(WEBHOOK_RETRY_SECONDS);
    const ids = new Set(suite.receiver.to(endpoint.path).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // The schedule ran out after about 3 days: failed, and nothing more comes.
    const deliveryState = async () =>
      (
        await queryRows<{ status: string; attempts: number }>(
          suite.database.db,
          sql`select status, attempts from webhook_deliveries where id = ${deliveryId}`,
        )
      )[0];
    await until(async () => (await deliveryState())?.status === 'failed');
    expect(await deliveryState()).toEqual({ status: 'failed', attempts: WEBHOOK_RETRY_SECONDS.length + 1 });
    expect(WEBHOOK_RETRY_SECONDS.reduce((a, b) => a + b) / 86_400).toBeCloseTo(3.2, 1);
    expect(
      (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toEqual([expect.objectContaining({ id: endpoint.id, status: 'active', failingSince: start.toISOString() })]);
    // Day 4: another tip fails too, but the endpoint has not failed for 5 days yet.
    suite.holdClockAt(new Date(start.getTime() + 4 * 86_400_000));
    await tip(fan, creator);
    await wake();
    await until(() => suite.receiver.to(endpoint.path).length === WEBHOOK_RETRY_SECONDS.length + 2);
    // Day 5: its retry fails, and the endpoint is disabled.
    suite.holdClockAt(new Date(start.getTime() + 5 * 86_400_000));
    await wake();
    await until(() => suite.receiver.to(endpoint.path).length === WEBHOOK_RETRY_SECONDS.length + 3);
    await until(
      async () =>
        (await suite.people.json<{ endpoints: Endpoint[] }>(suite.people.get(creator, '/webhooks/endpoints')))
          .endpoints[0]?.status === 'failing',
    );
    await until(async () =>
      (await outbox(suite.harness.app)).some(
        (m) => m.to === creator.phone && m.text.includes(`${endpoint.url} kept failing, so it was paused`),
      ),
    );
    // A disabled endpoint gets nothing more.
    const before = suite.receiver.to(endpoint.path).length;
    await tip(fan, creator);
    suite.holdClockAt(new Date(start.getTime() + 10 * 86_400_000));
    await wake();
    expect(
      await queryRows(
        suite.database.db,
        sql`select 1 from webhook_deliveries where endpoint_id = ${endpoint.id} and status = 'pending'`,
      ),
    ).toEqual([]);
    expect(suite.receiver.to(endpoint.path)).toHaveLength(before);
    // Turned on again by its owner, it is active and healthy.
    const enabled = await suite.people.json<Endpoint & { failingSince: string | null }>(
      suite.people.patch(creator, `/webhooks/endpoints/${endpoint.id}`, { isEnabled: true }),
    );
    expect(enabled).toMatchObject({ status: 'active', failingSince: null });
  });

  it('sends the same webhook-id and body again when the runner died after sending, before recording', async () => {
    const fan = await suite.people.newPerson({ tokens: 100 });
    const creator = await suite.people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    const crashedAt = new Date(Date.now() + 5_000);
    suite.holdClockAt(crashedAt);
    suite.crashNextAfterSend();
    await tip(fan, creator);
    await until(() => suite.receiver.to(endpoint.path).length === 1);
    // The runner records the failure and its back-off (5 s on its clock) after the receiver has the request:
    // moving the clock before that would put the next run 5 s after the moved clock, never due.
    await until(async () => {
      const rows = await queryRows<{ status: string }>(
        suite.database.db,
        sql`select status from jobs where last_error = 'the runner died after sending'`,
      );
      return rows[0]?.status === 'pending';
    });
    suite.holdClockAt(new Date(crashedAt.getTime() + 6_000));
    await wake();
    await until(() => suite.receiver.to(endpoint.path).length === 2);
    const [first, second] = suite.receiver.to(endpoint.path);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
  });
});
