import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { webhookDeliveryJob } from './worker';

// Issue 46, item 2: an endpoint that keeps failing is paused and its creator told (decision 055), sooner
// than the 5 days of decision 032, so a dead receiver stops costing every event's 13 attempts.
describe.each(databaseKinds())('an endpoint that keeps failing on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  let receiver: WebhookReceiver;
  let job: ReturnType<typeof webhookDeliveryJob>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
    receiver = await startWebhookReceiver();
    // No runner: each test runs the delivery's job itself, once.
    job = webhookDeliveryJob({
      db: database.db,
      logger: captureLogger().logger,
      sender: createWebhookSender({ allowLocal: true }),
    });
  });
  afterAll(async () => {
    await receiver.close();
    await database.close();
  });

  /** A creator's endpoint at a receiver answering 500, already failing `failures` times since `minutesAgo`. */
  async function failingEndpoint(failures: number, minutesAgo: number) {
    const creator = await people.newPerson();
    const { url } = receiver.newPath({ status: 500, body: 'down' });
    const endpoint = await people.json<{ id: string }>(
      people.post(creator, '/webhooks/endpoints', { url, events: ['tip.received'] }),
      201,
    );
    await database.db.execute(sql`update webhook_endpoints set consecutive_failures = ${failures},
      failing_since = now() - make_interval(mins => ${minutesAgo}) where id = ${endpoint.id}`);
    return { creator, endpointId: endpoint.id, path: url };
  }

  /** A tip to the creator, and one run of its delivery's job. */
  async function tipAndDeliver(creator: Person, endpointId: string) {
    const fan = await people.newPerson({ tokens: 10 });
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 5, isAnonymous: false }), 201);
    const [delivery] = await queryRows<{ id: number }>(
      database.db,
      sql`select id::int from webhook_deliveries where endpoint_id = ${endpointId} order by id desc limit 1`,
    );
    if (!delivery) throw new Error('no delivery');
    return job.handle({ deliveryId: delivery.id }, { attempt: 1, isLastAttempt: false });
  }

  const endpointState = async (creator: Person) =>
    (await people.json<{ endpoints: { status: string }[] }>(people.get(creator, '/webhooks/endpoints'))).endpoints[0];
  const pausedNotices = async (creator: Person) =>
    queryRows(
      database.db,
      sql`select 1 from notifications where user_id = ${creator.id} and kind = 'webhook_disabled'`,
    );

  it('pauses it at its 20th failure in a row over an hour, and tells its creator', async () => {
    const { creator, endpointId } = await failingEndpoint(19, 90);
    expect(await tipAndDeliver(creator, endpointId)).toBeUndefined();
    expect(await endpointState(creator)).toMatchObject({ status: 'failing' });
    expect(await pausedNotices(creator)).toHaveLength(1);
  });

  it('does not pause a receiver down for minutes, however many failed, and retries on the schedule', async () => {
    const { creator, endpointId } = await failingEndpoint(40, 10);
    expect(await tipAndDeliver(creator, endpointId)).toMatchObject({ retryAt: expect.any(Date) });
    expect(await endpointState(creator)).toMatchObject({ status: 'active' });
    expect(await pausedNotices(creator)).toEqual([]);
  });

  it('starts counting again after a success', async () => {
    const { creator, endpointId, path } = await failingEndpoint(19, 90);
    receiver.answer(new URL(path).pathname, { status: 204 });
    await tipAndDeliver(creator, endpointId);
    const [row] = await queryRows<{ failures: number; since: Date | null }>(
      database.db,
      sql`select consecutive_failures as failures, failing_since as since from webhook_endpoints
        where id = ${endpointId}`,
    );
    expect(row).toEqual({ failures: 0, since: null });
    expect(await endpointState(creator)).toMatchObject({ status: 'active' });
  });
});
