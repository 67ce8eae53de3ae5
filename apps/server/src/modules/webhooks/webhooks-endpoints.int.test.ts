import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createMessaging } from '../../adapters/messaging';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { pruneLog } from './repo';
import { WEBHOOK_LOG_BODY_CHARS, WEBHOOK_LOG_DAYS, WEBHOOK_LOG_MAX_ROWS } from './retry-schedule';
import { recordCreatorEvent } from './service';
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

describe.each(databaseKinds())('webhook endpoints and their log on %s', (kind) => {
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

  it('keeps only the first few hundred characters of an answer, and resends a delivery with the same webhook-id', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received'], { status: 200, body: 'x'.repeat(20_000) });
    await tip(fan, creator);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const [logged] = (await attempts(creator, endpoint.id)).attempts;
    expect(logged?.responseBody).toBe('x'.repeat(WEBHOOK_LOG_BODY_CHARS));
    const resent = await people.post(
      creator,
      `/webhooks/endpoints/${endpoint.id}/deliveries/${logged?.deliveryId}/resend`,
    );
    expect(resent.status).toBe(202);
    await until(() => receiver.to(endpoint.path).length === 2);
    const [first, second] = receiver.to(endpoint.path);
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 2);
    expect((await attempts(creator, endpoint.id)).attempts.map((a) => a.isResend)).toEqual([true, false]);
  });

  it('keeps each endpoint’s log to the last 30 days and 500 attempts when it records one', async () => {
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await database.db.transaction((tx) => recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g' }));
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    // 600 recent attempts, then 40 dated long ago (the newest ids, so only their age removes them).
    await database.db.execute(sql`
      insert into webhook_attempts (delivery_id, endpoint_id, at, status_code, is_success, duration_ms)
      select d.id, d.endpoint_id, now() - make_interval(mins => g), 200, true, 5
        from webhook_deliveries d, generate_series(1, 600) g where d.endpoint_id = ${endpoint.id}`);
    await database.db.execute(sql`
      insert into webhook_attempts (delivery_id, endpoint_id, at, status_code, is_success, duration_ms)
      select d.id, d.endpoint_id, now() - make_interval(days => 40 + g), 200, true, 5
        from webhook_deliveries d, generate_series(1, 40) g where d.endpoint_id = ${endpoint.id}`);
    const newest = await queryRows<{ id: number }>(
      database.db,
      sql`select id::int from (select id, at from webhook_attempts where endpoint_id = ${endpoint.id}
        order by id desc limit ${WEBHOOK_LOG_MAX_ROWS}) newest where at >= now() - interval '30 days' order by id desc`,
    );
    await pruneLog(database.db, endpoint.id, new Date(), WEBHOOK_LOG_DAYS, WEBHOOK_LOG_MAX_ROWS);
    const kept = await queryRows<{ id: number; isOld: boolean }>(
      database.db,
      sql`select id::int, at < now() - interval '30 days' as "isOld" from webhook_attempts
        where endpoint_id = ${endpoint.id} order by id desc`,
    );
    expect(kept.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(kept.some((r) => r.isOld)).toBe(false);
  });

  it('lets nobody else see or change an endpoint, its secret, its log or its deliveries', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const stranger = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    await tip(fan, creator);
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const deliveryId = (await attempts(creator, endpoint.id)).attempts[0]?.deliveryId;
    const base = `/webhooks/endpoints/${endpoint.id}`;
    for (const res of [
      await people.get(stranger, `${base}/secret`),
      await people.get(stranger, `${base}/attempts`),
      await people.patch(stranger, base, { url: 'https://attacker.example/hook' }),
      await people.post(stranger, `${base}/secret/roll`),
      await people.post(stranger, `${base}/deliveries/${deliveryId}/resend`),
      await people.delete(stranger, base),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(
      (await people.json<{ endpoints: Endpoint[] }>(people.get(stranger, '/webhooks/endpoints'))).endpoints,
    ).toEqual([]);
    expect((await people.get(undefined, '/webhooks/endpoints')).status).toBe(401);
    expect(await people.json<{ secret: string }>(people.get(creator, `${base}/secret`))).toMatchObject({
      secret: endpoint.secret,
    });
    expect(
      (await people.json<{ endpoints: Endpoint[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toEqual([expect.objectContaining({ id: endpoint.id, url: endpoint.url, status: 'active' })]);
    // Nor can the owner resend a delivery of another endpoint through their own.
    const own = await addEndpoint(stranger, ['tip.received']);
    expect((await people.post(stranger, `/webhooks/endpoints/${own.id}/deliveries/${deliveryId}/resend`)).status).toBe(
      404,
    );
  });

  it('edits, disables, enables and deletes; allows five endpoints; refuses bad input and changes nothing', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['gift.received']);
    const base = `/webhooks/endpoints/${endpoint.id}`;
    const edited = await people.json<Endpoint>(
      people.patch(creator, base, { events: ['tip.received', 'gift.received'] }),
    );
    expect(edited.events).toEqual(['tip.received', 'gift.received']);
    await people.json(people.patch(creator, base, { isEnabled: false }));
    await tip(fan, creator);
    await people.json(people.patch(creator, base, { isEnabled: true }));
    await tip(fan, creator);
    await until(() => receiver.to(endpoint.path).length === 1);
    expect((await people.patch(creator, base, { events: [] })).status).toBe(400);
    expect((await people.patch(creator, base, { url: 'ftp://example.com/x' })).status).toBe(400);
    expect(
      (await people.post(creator, '/webhooks/endpoints', { url: 'https://a:b@example.com/', events: ['tip.received'] }))
        .status,
    ).toBe(400);
    for (let i = 0; i < 4; i++) await addEndpoint(creator, ['tip.received']);
    const sixth = await people.post(creator, '/webhooks/endpoints', {
      url: 'https://example.com/6',
      events: ['tip.received'],
    });
    expect(sixth.status).toBe(409);
    expect(
      (await people.json<{ endpoints: Endpoint[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toHaveLength(5);
    expect((await people.delete(creator, base)).status).toBe(204);
    expect((await people.get(creator, `${base}/secret`)).status).toBe(404);
    expect(
      (await people.json<{ endpoints: Endpoint[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints,
    ).toHaveLength(4);
  });

  it('forgets a deleted account’s endpoints, their log and its events', async () => {
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await database.db.transaction((tx) => recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g' }));
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(database.db, query))[0]?.n;
    expect(await count(sql`select count(*)::int as n from creator_events where user_id = ${creator.id}`)).toBe(1);
    expect((await people.post(creator, '/account/delete', { isConfirmed: true })).status).toBe(204);
    expect(await count(sql`select count(*)::int as n from webhook_endpoints where user_id = ${creator.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from creator_events where user_id = ${creator.id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from webhook_attempts where endpoint_id = ${endpoint.id}`)).toBe(
      0,
    );
  });
});
