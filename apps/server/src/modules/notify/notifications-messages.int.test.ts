import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { Messaging } from '../../adapters/messaging';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { ORIGIN, recordingMessaging, until } from './notifications-fixtures';

describe.each(databaseKinds())('message notifications on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  let changes: Awaited<ReturnType<typeof startChangeFeed>>;
  const workers: JobRunner[] = [];

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // Message notifications wait no time here, so a test decides when the worker looks.
    app = (await buildTestApp(database, { env: { MESSAGE_NOTIFICATION_DELAY_SECONDS: '0' } })).app;
    people = peopleOn(app, database);
    changes = await startChangeFeed(database, captureLogger().logger);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await database.close();
  });

  function startWorker(messaging: Pick<Messaging, 'sms' | 'email'>) {
    const logger = captureLogger().logger;
    const worker = createJobRunner({
      db: database.db,
      changes,
      logger,
      types: [notificationJob({ db: database.db, messaging, logger, publicOrigin: ORIGIN })],
    });
    workers.push(worker);
    worker.start();
    return worker;
  }

  const tip = (fan: Person, creator: Person, amount = 5, isAnonymous = false) =>
    people.json<{ tipId: string }>(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);

  async function conversationWithMessage() {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await tip(fan, creator);
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return { fan, creator, conversationId };
  }
  const message = (from: Person, conversationId: string, content = 'hello') =>
    people.json(people.post(from, `/conversations/${conversationId}/messages`, { type: 'text', content }), 201);
  const messageNotifications = async (userId: string) =>
    (
      await queryRows<{ status: string }>(
        database.db,
        sql`select status from notifications where user_id = ${userId} and kind = 'message' order by id`,
      )
    ).map((r) => r.status);

  it('tells a recipient who is not reading of a message at most once per conversation per 10 minutes', async () => {
    const recorder = recordingMessaging(database);
    const { fan, creator, conversationId } = await conversationWithMessage();
    await message(fan, conversationId, 'one');
    await message(fan, conversationId, 'two');
    expect(await messageNotifications(creator.id)).toEqual(['pending']);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await messageNotifications(creator.id))[0] === 'sent');
    const texts = recorder.sent.filter((m) => m.to === creator.phone && m.text.includes('message'));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toContain(`${ORIGIN}/conversations/${conversationId}`);
    expect(texts[0]?.text).not.toContain('one');
    await message(fan, conversationId, 'three');
    expect(await messageNotifications(creator.id)).toEqual(['sent']);
    // Ten minutes later, the next message is told again.
    await database.db.execute(
      sql`update notifications set created_at = now() - interval '11 minutes' where user_id = ${creator.id}`,
    );
    await message(fan, conversationId, 'four');
    await until(async () => (await messageNotifications(creator.id)).join() === 'sent,sent');
    await worker.stop();
    expect(recorder.sent.filter((m) => m.to === creator.phone && m.text.includes('message'))).toHaveLength(2);
  });

  it('does not tell a recipient who read the message meanwhile, nor one who turned messages off', async () => {
    const recorder = recordingMessaging(database);
    const { fan, creator, conversationId } = await conversationWithMessage();
    await message(fan, conversationId);
    // The creator has the conversation open and reads it before the worker looks.
    await people.post(creator, `/conversations/${conversationId}/seen`);
    const other = await conversationWithMessage();
    await people.json(people.patch(other.creator, '/settings', { notifyMessages: false }));
    await message(other.fan, other.conversationId);
    const worker = startWorker(recorder.messaging);
    await until(async () => (await messageNotifications(creator.id))[0] === 'skipped');
    await until(async () => (await messageNotifications(other.creator.id))[0] === 'skipped');
    await worker.stop();
    expect(
      recorder.sent.filter((m) => [creator.phone, other.creator.phone].includes(m.to) && m.text.includes('message')),
    ).toEqual([]);
  });
});
