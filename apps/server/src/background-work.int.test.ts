import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../test/databases';
import { type Person, peopleOn } from '../test/people';
import { outbox } from '../test/sign-in-helpers';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { createMessaging } from './adapters/messaging';
import { createBackgroundWork } from './background-work';
import { startChangeFeed } from './changes/change-feed';
import type { DatabaseHandle } from './db/client';

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The delivery bound issue 46 (item 2) asks for. Normally 46 ms (webhook) and 316 ms (SMS); the bound is
 * generous for a loaded 2-core machine, and far below the 10 s one hung delivery held the runner before.
 */
const DELIVERY_BOUND_MS = 2_000;

// Issue 46, item 2: one creator's webhook receiver that never answers must not hold up anyone else's
// background work (decision 055), as the background work is built by the server.
describe.each(databaseKinds())('background work on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let receiver: WebhookReceiver;
  let work: ReturnType<typeof createBackgroundWork>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
    receiver = await startWebhookReceiver();
    const { logger } = captureLogger();
    work = createBackgroundWork({
      db: database.db,
      changes: await startChangeFeed(database, logger),
      logger,
      messaging: createMessaging(harness.config, database),
      payments: undefined,
      publicOrigin: 'http://localhost:5172',
      // The test deployment's PUBLIC_URL is local: the receiver on 127.0.0.1 may be reached.
      allowLocalWebhooks: true,
    });
    work.start();
  });
  afterAll(async () => {
    // Closing the receiver ends the hung requests, so the deliveries under way finish before the stop.
    await receiver.close();
    await work.stop();
    await database.close();
  });

  const smsTo = async (person: Person) => (await outbox(harness.app)).filter((m) => m.to === person.phone);

  it('delivers another creator’s webhook and notification within 2 s while one creator’s 5 endpoints hang', async () => {
    // The attacker: a creator with 5 endpoints at a receiver that never answers, and an alt account that
    // bought once and sends messages (free, 60 a minute): 20 messages make 100 deliveries that hang.
    const attacker = await people.newPerson();
    const alt = await people.newPerson({ tokens: 10 });
    const hung = Array.from({ length: 5 }, () => receiver.newPath('hang'));
    for (const { url } of hung) {
      await people.json(people.post(attacker, '/webhooks/endpoints', { url, events: ['message.received'] }), 201);
    }
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(alt, '/tips', { recipientId: attacker.id, amount: 5, isAnonymous: false }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(alt, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    for (let i = 0; i < 20; i++) {
      await people.json(
        people.post(alt, `/conversations/${conversationId}/messages`, { type: 'text', content: `spam ${i}` }),
        201,
      );
    }
    await until(() => hung.some(({ path }) => receiver.to(path).length > 0));

    // Another creator, with a healthy endpoint, gets a tip.
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    const healthy = receiver.newPath();
    await people.json(people.post(creator, '/webhooks/endpoints', { url: healthy.url, events: ['tip.received'] }), 201);
    const textsBefore = (await smsTo(creator)).length;
    const started = Date.now();
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10, isAnonymous: false }), 201);
    let webhookMs: number | undefined;
    let smsMs: number | undefined;
    // Waits well past the bound, so a failure says how late each came (or that it never did).
    await until(async () => {
      if (webhookMs === undefined && receiver.to(healthy.path).length > 0) webhookMs = Date.now() - started;
      if (smsMs === undefined && (await smsTo(creator)).length > textsBefore) smsMs = Date.now() - started;
      return webhookMs !== undefined && smsMs !== undefined;
    }, 15_000).catch(() => undefined);
    expect({ webhookMs, smsMs }).toEqual({
      webhookMs: expect.toSatisfy((ms) => typeof ms === 'number' && ms < DELIVERY_BOUND_MS),
      smsMs: expect.toSatisfy((ms) => typeof ms === 'number' && ms < DELIVERY_BOUND_MS),
    });
  });
});
