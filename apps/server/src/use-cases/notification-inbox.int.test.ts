import type { InboxPage } from '@sweetwish/shared/inbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Person, peopleOn } from '../../test/people';
import { type Change, startChangeFeed } from '../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../db/client';
import { ORIGIN, recordingMessaging } from '../modules/notify/notifications-fixtures';
import { notificationJob } from './notification-job';

// The notification job writes the inbox (decision 130): run here by hand, attempt by attempt, as the runner would.
describe.each(databaseKinds())('notifications in the inbox on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  const heard: Change[] = [];
  let stopListening = () => {};

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
    const changes = await startChangeFeed(database, captureLogger().logger);
    stopListening = changes.subscribe((change) => {
      if (change.topic === 'inbox') heard.push(change);
    });
  });
  afterAll(async () => {
    stopListening();
    await database.close();
  });

  const tip = (fan: Person, creator: Person, amount: number) =>
    people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous: false }),
      201,
    );
  const notificationOf = async (userId: string) => {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from notifications where user_id = ${userId} order by id desc limit 1`,
    );
    if (!row) throw new Error('no notification');
    return Number(row.id);
  };
  const inbox = (person: Person) => people.json<InboxPage>(people.get(person, '/inbox'));

  it('writes a gift into the inbox once, however often its job runs, and the bell hears of it', async () => {
    const recorder = recordingMessaging(database);
    const job = notificationJob({
      db: database.db,
      messaging: recorder.messaging,
      logger: captureLogger().logger,
      publicOrigin: ORIGIN,
    });
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await tip(fan, creator, 12);
    const notificationId = await notificationOf(creator.id);
    // The provider refuses the first run; the second sends.
    recorder.failNextTo(creator.phone);
    await expect(job.handle({ notificationId }, { attempt: 1, isLastAttempt: false })).rejects.toThrow(
      'the provider is down',
    );
    await job.handle({ notificationId }, { attempt: 2, isLastAttempt: false });
    await job.handle({ notificationId }, { attempt: 3, isLastAttempt: false });
    const { items } = await inbox(creator);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'gift',
      text: expect.stringContaining('sent you a $12 tip.'),
      path: `/received/item/${tipId}`,
      isRead: false,
    });
    expect(recorder.sent.filter((m) => m.to === creator.phone)).toHaveLength(1);
    await expect.poll(() => heard.filter((c) => 'userId' in c && c.userId === creator.id).length).toBe(1);
  });

  it('writes the inbox when gift texts are turned off, though no text is sent', async () => {
    const recorder = recordingMessaging(database);
    const job = notificationJob({
      db: database.db,
      messaging: recorder.messaging,
      logger: captureLogger().logger,
      publicOrigin: ORIGIN,
    });
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    await people.json(people.patch(creator, '/settings', { notifyGifts: false }));
    await tip(fan, creator, 3);
    await job.handle({ notificationId: await notificationOf(creator.id) }, { attempt: 1, isLastAttempt: false });
    expect(recorder.sent.filter((m) => m.to === creator.phone)).toHaveLength(0);
    expect((await inbox(creator)).items.map((e) => e.text)).toEqual([expect.stringContaining('sent you a $3 tip.')]);
  });

  it('writes a message already read as read: the user saw it in its conversation', async () => {
    const recorder = recordingMessaging(database);
    const job = notificationJob({
      db: database.db,
      messaging: recorder.messaging,
      logger: captureLogger().logger,
      publicOrigin: ORIGIN,
    });
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await tip(fan, creator, 4);
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    await people.json(
      people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content: 'Hello!' }),
      201,
    );
    const messageNotice = await notificationOf(creator.id);
    expect((await people.post(creator, `/conversations/${conversationId}/seen`)).status).toBe(204);
    await job.handle({ notificationId: messageNotice }, { attempt: 1, isLastAttempt: false });
    const [event] = (await inbox(creator)).items;
    expect(event).toMatchObject({ kind: 'message', path: `/conversations/${conversationId}`, isRead: true });
    expect(recorder.sent.filter((m) => m.to === creator.phone)).toHaveLength(0);
  });
});
