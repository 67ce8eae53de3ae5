import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createMessaging } from '../../adapters/messaging';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { notifyChange, startChangeFeed } from '../../changes/change-feed';
import type { DatabaseHandle } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { webhookDeliveryJob } from './worker';

// What the webhook suites share: an app on a fresh database, a receiver, and a job runner that delivers.

export async function until(check: () => Promise<boolean> | boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type Endpoint = { id: string; url: string; events: string[]; status: string };
export type Attempt = {
  deliveryId: number;
  eventId: string;
  statusCode: number | null;
  responseBody: string;
  isResend: boolean;
};

/**
 * The app on a fresh database of `kind`, a webhook receiver and a runner delivering webhooks and
 * notifications: registers the suite's beforeAll/afterEach/afterAll and returns what the tests share.
 */
export function useWebhooksSuite(kind: DatabaseKind) {
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

  return {
    get database() {
      return database;
    },
    get harness() {
      return harness;
    },
    get people() {
      return people;
    },
    get receiver() {
      return receiver;
    },
    get runner() {
      return runner;
    },
    /** The runner's clock, while a test holds it (reset after each test). */
    get heldAt() {
      return heldAt;
    },
    holdClockAt(at: Date) {
      heldAt = at;
    },
    crashNextAfterSend() {
      isCrashingAfterSend = true;
    },
    addEndpoint,
    tip,
    attempts,
    wake,
    verify,
  };
}
