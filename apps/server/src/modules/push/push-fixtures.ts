import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { type DatabaseKind, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { type PushEndpoint, startPushEndpoint, type TestDevice } from '../../../test/push-endpoint';
import { createMessaging } from '../../adapters/messaging';
import { createPushSender } from '../../adapters/push/web-push-sender';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { createPushDelivery } from './service';

// What the web push suites share: the app, a push service that receives, and the notification job's runner.

const ORIGIN = 'http://localhost:5172';
/** Message notifications wait this long here; a test moves their jobs' time forward instead of sleeping. */
const DELAY_SECONDS = 600;

/**
 * The app on a fresh database of `kind`, a test push service and a runner of the notification job with push
 * wired as server.ts wires it: registers the suite's beforeAll/afterAll and returns what the tests share.
 */
export function usePushSuite(kind: DatabaseKind) {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;
  let endpoint: PushEndpoint;
  let runner: JobRunner;
  const pushLog = captureLogger();

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database, { env: { MESSAGE_NOTIFICATION_DELAY_SECONDS: String(DELAY_SECONDS) } });
    people = peopleOn(harness.app, database);
    endpoint = await startPushEndpoint();
    const changes = await startChangeFeed(database, captureLogger().logger);
    // As server.ts wires it: the notification job with push beside the outbox's SMS and e-mail.
    const sender = createPushSender({
      vapid: { ...harness.vapid, subject: harness.config.vapidSubject },
      allowPrivateAddresses: true,
    });
    runner = createJobRunner({
      db: database.db,
      changes,
      logger: pushLog.logger,
      types: [
        notificationJob({
          db: database.db,
          messaging: createMessaging(harness.config, database),
          push: createPushDelivery({ db: database.db, sender, logger: pushLog.logger }),
          logger: pushLog.logger,
          publicOrigin: ORIGIN,
        }),
      ],
    });
    runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await endpoint.close();
    await database.close();
  });

  const subscribeDevice = (person: Person, device: Pick<TestDevice, 'endpoint' | 'keys'>) =>
    people.post(person, '/push/subscriptions', { endpoint: device.endpoint, keys: device.keys });
  const subscriptionCount = async (device: TestDevice) =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from push_subscriptions where endpoint = ${device.endpoint}`,
      )
    )[0]?.n;

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
    /** The test push service: its devices, what it received, and how it answers. */
    get endpoint() {
      return endpoint;
    },
    pushLog,
    subscribeDevice,
    subscriptionCount,
  };
}
