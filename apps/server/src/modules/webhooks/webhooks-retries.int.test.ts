import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { outbox } from '../../../test/sign-in-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createMessaging } from '../../adapters/messaging';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { WEBHOOK_RETRY_SECONDS } from './retry-schedule';
import { webhookDeliveryJob } from './worker';

async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

type Endpoint = { id: string; url: string; events: string[]; status: string };
type Attempt = {
  deliveryId: number;
  eventId: string;
  statusCode: number | null;
  responseBody: string;
  isResend: boolean;
};

describe.each(databaseKinds())('webhook signing and retries on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let receiver: WebhookReceiver;
  let runner: JobRunner;
  /** The runner's clock: the wall clock unless a test holds it (then it moves only when told). */
  let heldAt: Date | undefined;
  /** Tests: the next delivery dies after sending, before recording (a runner killed there). */
  let isCrashingAfterSend = false;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
    receiver = await startWebhookReceiver();
    const { logger } = captureLogger();
    const changes = await startChangeFeed(database, logger);
    const now = () => heldAt ?? new Date();
    runner = createJobRunner({
      db: database.db,
      changes,
      logger,
      now: () => heldAt ?? new Date(),
      types: [
        webhookDeliveryJob({
          db: database.db,
          // The test deployment's PUBLIC_URL is local: the receiver on 127.0.0.1 may be reached.
          sender: createWebhookSender({ allowLocal: harness.config.isLocalPublicUrl }),
          logger,
          now,
          afterSend: async () => {
            if (!isCrashingAfterSend) return;
            isCrashingAfterSend = false;
            // Later than the receiver has the request, as on a busy machine: the test must not race the runner.
            await new Promise((resolve) => setTimeout(resolve, 300));
            throw new Error('the runner died after sending');
          },
        }),
        notificationJob({
          db: database.db,
          messaging: createMessaging(harness.config, database),
          logger,
          publicOrigin: 'http://localhost:5172',
        }),
      ],
    });
    runner.start();
  });
  afterEach(() => {
    heldAt = undefined;
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
    await database.close();
  });

  const addEndpoint = async (creator: Person, events: string[], answer?: Parameters<WebhookReceiver['newPath']>[0]) => {
    const { path, url } = receiver.newPath(answer);
    const endpoint = await people.json<Endpoint>(people.post(creator, '/webhooks/endpoints', { url, events }), 201);
    const { secret } = await people.json<{ secret: string }>(
      people.get(creator, `/webhooks/endpoints/${endpoint.id}/secret`),
    );
    return { ...endpoint, path, secret };
  };
  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    people.json<{ tipId: string }>(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);
  const attempts = (creator: Person, endpointId: string) =>
    people.json<{ attempts: Attempt[] }>(people.get(creator, `/webhooks/endpoints/${endpointId}/attempts`));
  const wake = () => notifyChange(database.db, { topic: 'jobs' });
  const verify = (secret: string, delivery: { body: string; headers: Record<string, string> }) =>
    new Webhook(secret).verify(delivery.body, delivery.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };

  it('signs with the old and the new secret for 24 hours after a roll, then with the new one only', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    const rolled = await people.json<{ secret: string; previousExpiresAt: string }>(
      people.post(creator, `/webhooks/endpoints/${endpoint.id}/secret/roll`),
    );
    expect(rolled.secret).not.toBe(endpoint.secret);
    const overlapHours = (Date.parse(rolled.previousExpiresAt) - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    await tip(fan, creator);
    await until(() => receiver.to(endpoint.path).length === 1);
    const [during] = receiver.to(endpoint.path);
    if (!during) throw new Error('no delivery');
    expect(during.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verify(rolled.secret, during).type).toBe('tip.received');
    expect(verify(endpoint.secret, during).type).toBe('tip.received');
    // 24 hours on: the runner's clock moves past the overlap.
    heldAt = new Date(Date.parse(rolled.previousExpiresAt) + 1000);
    await tip(fan, creator);
    await wake();
    await until(() => receiver.to(endpoint.path).length === 2);
    const after = receiver.to(endpoint.path)[1];
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
    await database.db.execute(
      sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${endpoint.id}`,
    );
    expect(
      await people.json<{ previousExpiresAt: string | null }>(
        people.get(creator, `/webhooks/endpoints/${endpoint.id}/secret`),
      ),
    ).toEqual({ secret: rolled.secret, previousExpiresAt: null });
  });

  it('retries a failing receiver on the back-off schedule, then disables the endpoint after 5 days and tells its owner', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received'], { status: 500, body: 'down' });
    const start = new Date(Date.now() + 5_000);
    heldAt = start;
    await tip(fan, creator);
    await until(() => receiver.to(endpoint.path).length === 1);
    const [{ deliveryId } = { deliveryId: 0 }] = await queryRows<{ deliveryId: number }>(
      database.db,
      sql`select id::int as "deliveryId" from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    /** When the delivery's job runs next, once its `attempts`th attempt is recorded. */
    const nextRun = async (attempts: number) => {
      let runAt: string | undefined;
      await until(async () => {
        const [row] = await queryRows<{ runAt: string; attempts: number }>(
          database.db,
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
      expect((runAt.getTime() - (heldAt as Date).getTime()) / 1000).toBe(wait);
      heldAt = runAt;
      await wake();
      await until(() => receiver.to(endpoint.path).length === i + 2);
    }
    const times = receiver.to(endpoint.path).map((r) => Number(r.headers['webhook-timestamp']));
    expect(times.slice(1).map((t, i) => t - (times[i] as number))).toEqual(WEBHOOK_RETRY_SECONDS);
    const ids = new Set(receiver.to(endpoint.path).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // The schedule ran out after about 3 days: failed, and nothing more comes.
    const deliveryState = async () =>
      (
        await queryRows<{ status: string; attempts: number }>(
          database.db,
          sql`select status, attempts from webhook_deliveries where id = ${deliveryId}`,
        )
      )[0];
    await until(async () => (await deliveryState())?.status === 'failed');
    expect(await deliveryState()).toEqual({ status: 'failed', attempts: WEBHOOK_RETRY_SECONDS.length + 1 });
    expect(WEBHOOK_RETRY_SECONDS.reduce((a, b) => a + b) / 86_400).toBeCloseTo(3.2, 1);
    expect(
      (await people.json<{ endpoints: Endpoint[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toEqual([expect.objectContaining({ id: endpoint.id, status: 'active', failingSince: start.toISOString() })]);
    // Day 4: another tip fails too, but the endpoint has not failed for 5 days yet.
    heldAt = new Date(start.getTime() + 4 * 86_400_000);
    await tip(fan, creator);
    await wake();
    await until(() => receiver.to(endpoint.path).length === WEBHOOK_RETRY_SECONDS.length + 2);
    // Day 5: its retry fails, and the endpoint is disabled.
    heldAt = new Date(start.getTime() + 5 * 86_400_000);
    await wake();
    await until(() => receiver.to(endpoint.path).length === WEBHOOK_RETRY_SECONDS.length + 3);
    await until(
      async () =>
        (await people.json<{ endpoints: Endpoint[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints[0]
          ?.status === 'failing',
    );
    await until(async () =>
      (await outbox(harness.app)).some(
        (m) => m.to === creator.phone && m.text.includes(`${endpoint.url} kept failing, so it was paused`),
      ),
    );
    // A disabled endpoint gets nothing more.
    const before = receiver.to(endpoint.path).length;
    await tip(fan, creator);
    heldAt = new Date(start.getTime() + 10 * 86_400_000);
    await wake();
    expect(
      await queryRows(
        database.db,
        sql`select 1 from webhook_deliveries where endpoint_id = ${endpoint.id} and status = 'pending'`,
      ),
    ).toEqual([]);
    expect(receiver.to(endpoint.path)).toHaveLength(before);
    // Turned on again by its owner, it is active and healthy.
    const enabled = await people.json<Endpoint & { failingSince: string | null }>(
      people.patch(creator, `/webhooks/endpoints/${endpoint.id}`, { isEnabled: true }),
    );
    expect(enabled).toMatchObject({ status: 'active', failingSince: null });
  });

  it('sends the same webhook-id and body again when the runner died after sending, before recording', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    heldAt = new Date(Date.now() + 5_000);
    isCrashingAfterSend = true;
    await tip(fan, creator);
    await until(() => receiver.to(endpoint.path).length === 1);
    // The runner records the failure and its back-off (5 s on its clock) after the receiver has the request:
    // moving the clock before that would put the next run 5 s after the moved clock, never due.
    await until(async () => {
      const rows = await queryRows<{ status: string }>(
        database.db,
        sql`select status from jobs where last_error = 'the runner died after sending'`,
      );
      return rows[0]?.status === 'pending';
    });
    heldAt = new Date(heldAt.getTime() + 6_000);
    await wake();
    await until(() => receiver.to(endpoint.path).length === 2);
    const [first, second] = receiver.to(endpoint.path);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(second?.body).toBe(first?.body);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
  });
});
