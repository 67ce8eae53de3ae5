import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
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

describe.each(databaseKinds())('webhook delivery on %s', (kind) => {
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
  const verify = (secret: string, delivery: { body: string; headers: Record<string, string> }) =>
    new Webhook(secret).verify(delivery.body, delivery.headers) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };

  it('delivers a tip (no message: null), signed so the standardwebhooks library accepts it and refuses a tampered copy', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['tip.received']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const { tipId } = await tip(fan, creator, 25);
    await until(() => receiver.to(endpoint.path).length === 1);
    const [delivery] = receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    const fanName = (await people.json<{ displayName: string }>(people.get(fan, '/me'))).displayName;
    expect(payload).toEqual({
      type: 'tip.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        id: tipId,
        amount: 25,
        earnings: 20,
        wish: null,
        fan: { id: fan.id, handle: fan.handle, displayName: fanName },
        message: null,
      },
    });
    expect(delivery.headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.body).not.toContain(fan.phone);
    // A tampered body, signature or id is refused.
    expect(() => verify(endpoint.secret, { ...delivery, body: delivery.body.replace('25', '2500') })).toThrow();
    const otherSecret = (await addEndpoint(creator, ['tip.received'])).secret;
    expect(() => verify(otherSecret, delivery)).toThrow();
    expect(() =>
      verify(endpoint.secret, { ...delivery, headers: { ...delivery.headers, 'webhook-id': 'evt_other' } }),
    ).toThrow();
    await until(async () => (await attempts(creator, endpoint.id)).attempts.length === 1);
    const [logged] = (await attempts(creator, endpoint.id)).attempts;
    expect(logged).toMatchObject({
      statusCode: 200,
      responseBody: 'ok',
      isResend: false,
      eventId: delivery.headers['webhook-id'],
    });
  });

  it('sends a gift with its wish name, an anonymous gift as "Anonymous" with nothing of the fan, and only wanted events', async () => {
    const fan = await people.newPerson({ tokens: 500 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['gift.received']);
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Record player', cost: 120 }),
      201,
    );
    await people.json(
      people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id, isAnonymous: true }),
      201,
    );
    await tip(fan, creator); // tip.received is not one of this endpoint's events
    await until(() => receiver.to(endpoint.path).length === 1);
    const [delivery] = receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    expect(payload.type).toBe('gift.received');
    expect(payload.data).toMatchObject({
      amount: 120,
      wish: { id: wish.id, name: 'Record player' },
      fan: { id: null, handle: null, displayName: 'Anonymous' },
    });
    for (const secret of [fan.id, fan.handle, fan.phone]) expect(delivery.body).not.toContain(secret);
    const events = await queryRows<{ type: string }>(
      database.db,
      sql`select type from creator_events where user_id = ${creator.id}`,
    );
    expect(events.map((e) => e.type)).toEqual(['gift.received']);
  });

  it('sends a message to its receiver’s endpoint, the sender of an anonymous gift as "Anonymous"', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['message.received']);
    const { tipId } = await tip(fan, creator, 5, true);
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    await people.json(
      people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content: 'hello!' }),
      201,
    );
    await until(() => receiver.to(endpoint.path).length === 1);
    const [delivery] = receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const payload = verify(endpoint.secret, delivery);
    expect(payload).toMatchObject({
      type: 'message.received',
      data: {
        conversationId,
        purchaseId: tipId,
        type: 'text',
        text: 'hello!',
        sender: { id: null, displayName: 'Anonymous' },
      },
    });
    expect(delivery.body).not.toContain(fan.id);
  });

  it('records goal.reached through recordCreatorEvent in the caller’s transaction, and nothing when it rolls back', async () => {
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator, ['goal.reached']);
    await expect(
      database.db.transaction(async (tx) => {
        await recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g1', name: 'New camera', target: 500 });
        throw new Error('the overlay’s transaction failed');
      }),
    ).rejects.toThrow('failed');
    const eventId = await database.db.transaction((tx) =>
      recordCreatorEvent(tx, creator.id, 'goal.reached', { goalId: 'g2', name: 'New camera', target: 500 }),
    );
    expect(eventId).toMatch(/^evt_/);
    await until(() => receiver.to(endpoint.path).length === 1);
    const [delivery] = receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['webhook-id']).toBe(eventId);
    expect(verify(endpoint.secret, delivery)).toMatchObject({ type: 'goal.reached', data: { goalId: 'g2' } });
    // No endpoint wants it: nothing is recorded.
    const other = await people.newPerson();
    expect(await database.db.transaction((tx) => recordCreatorEvent(tx, other.id, 'goal.reached', {}))).toBeUndefined();
  });
});
