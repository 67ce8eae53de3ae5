import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { webhookDeliveryJob } from './worker';

// Issue 46, item 7: the delivery log is shown to the creator, so it must not say what a name resolves to
// inside our network (a name-resolution oracle); the operator reads that in the server's log.
describe.each(databaseKinds())('the webhook delivery log on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('tells the creator "refused: not a public address" and logs where the name pointed for the operator', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await people.json<{ id: string }>(
      people.post(creator, '/webhooks/endpoints', {
        url: 'https://vm.internal.example/hook',
        events: ['tip.received'],
      }),
      201,
    );
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 5, isAnonymous: false }), 201);
    const [delivery] = await queryRows<{ id: number }>(
      database.db,
      sql`select id::int from webhook_deliveries where endpoint_id = ${endpoint.id}`,
    );
    if (!delivery) throw new Error('no delivery recorded');
    // A production sender, whose resolver knows the internal name (no runner: the job is run here once).
    const { logger, lines } = captureLogger();
    const job = webhookDeliveryJob({
      db: database.db,
      logger,
      sender: createWebhookSender({
        allowLocal: false,
        resolve: async () => [{ address: '10.20.30.40', family: 4 }],
      }),
    });
    await job.handle({ deliveryId: delivery.id }, { attempt: 1, isLastAttempt: false });
    const { attempts } = await people.json<{ attempts: { error: string | null; statusCode: number | null }[] }>(
      people.get(creator, `/webhooks/endpoints/${endpoint.id}/attempts`),
    );
    expect(attempts).toEqual([expect.objectContaining({ statusCode: null, error: 'refused: not a public address' })]);
    expect(JSON.stringify(attempts)).not.toContain('10.20.30.40');
    expect(lines).toContainEqual(
      expect.objectContaining({
        endpointId: endpoint.id,
        detail: 'vm.internal.example resolves to 10.20.30.40, not a public address',
      }),
    );
  });
});
