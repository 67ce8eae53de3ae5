import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { webhookDeliveryJob } from './worker';

type Endpoint = { id: string; url: string };

/**
 * "Send test event" (issue 53): a signed `webhook.test` event to one endpoint, queued on the job runner
 * and delivered by the same job as every event, so the receiver verifies it as it would a gift.
 */
describe.each(databaseKinds())('the webhook test event on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
  });

  const addEndpoint = async (creator: Person) => {
    const { path, url } = receiver.newPath();
    const endpoint = await people.json<Endpoint>(
      people.post(creator, '/webhooks/endpoints', { url, events: ['gift.received'] }),
      201,
    );
    return { ...endpoint, path };
  };
  /** The delivery job as the runner runs it, once, for the jobs queued for this endpoint. */
  async function runQueuedDeliveries(endpointId: string) {
    const queued = await queryRows<{ delivery_id: number }>(
      database.db,
      sql`select (payload->>'deliveryId')::int as delivery_id from jobs
          where type = 'webhook-delivery' and group_key = ${endpointId}`,
    );
    const job = webhookDeliveryJob({
      db: database.db,
      logger: captureLogger().logger,
      // The test deployment's PUBLIC_URL is local: the receiver on 127.0.0.1 may be reached.
      sender: createWebhookSender({ allowLocal: harness.config.isLocalPublicUrl }),
    });
    for (const { delivery_id } of queued) {
      await job.handle({ deliveryId: delivery_id }, { attempt: 1, isLastAttempt: false });
    }
    return queued.length;
  }

  it('sends a signed test event to that endpoint alone, logged as webhook.test', async () => {
    const creator = await people.newPerson();
    const endpoint = await addEndpoint(creator);
    const other = await addEndpoint(creator);
    const list = await people.json<{ acceptsLocalHttp: boolean }>(people.get(creator, '/webhooks/endpoints'));
    expect(list.acceptsLocalHttp).toBe(harness.config.isLocalPublicUrl);

    const { eventId } = await people.json<{ eventId: string }>(
      people.post(creator, `/webhooks/endpoints/${endpoint.id}/test`),
      202,
    );
    expect(eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(await runQueuedDeliveries(endpoint.id)).toBe(1);
    expect(await runQueuedDeliveries(other.id)).toBe(0);

    const [delivery] = receiver.to(endpoint.path);
    if (!delivery) throw new Error('no delivery');
    const { secret } = await people.json<{ secret: string }>(
      people.get(creator, `/webhooks/endpoints/${endpoint.id}/secret`),
    );
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toEqual({
      type: 'webhook.test',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: { message: expect.stringContaining('test event') },
    });
    expect(delivery.headers['webhook-id']).toBe(eventId);
    const { attempts } = await people.json<{ attempts: { eventType: string; statusCode: number }[] }>(
      people.get(creator, `/webhooks/endpoints/${endpoint.id}/attempts`),
    );
    expect(attempts).toEqual([expect.objectContaining({ eventType: 'webhook.test', statusCode: 200 })]);
  });

  it("is only for the owner's own endpoint, and only while it is on", async () => {
    const creator = await people.newPerson();
    const stranger = await people.newPerson();
    const endpoint = await addEndpoint(creator);
    expect((await people.post(stranger, `/webhooks/endpoints/${endpoint.id}/test`)).status).toBe(404);
    expect((await people.post(creator, '/webhooks/endpoints/we_nothing/test')).status).toBe(404);
    await people.json(people.patch(creator, `/webhooks/endpoints/${endpoint.id}`, { isEnabled: false }));
    const refused = await people.post(creator, `/webhooks/endpoints/${endpoint.id}/test`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Turn the endpoint on to send it a test event.',
    );
    expect(await runQueuedDeliveries(endpoint.id)).toBe(0);
  });
});
