import { randomBytes } from 'node:crypto';
import type { AuditPage, OpenReportPage, ReportReceipt, SuspensionStatus } from '@sweetwish/shared/safety';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { completeProfile, me, signInByEmail, uniquePhone } from '../../../test/sign-in-helpers';
import { startChangeFeed } from '../../changes/change-feed';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createJobRunner, type JobRunner } from '../../jobs/runner';
import { notificationJob } from '../../use-cases/notification-job';
import { ORIGIN, recordingMessaging, until } from '../notify/notifications-fixtures';

// Issue 53, item 2: each queue entry shows the reporter, the content's owner, the content as reported and
// its address; reports of one target merge; the audit log says who did what to whose content; the user an
// action touched is told by their channel, never who reported them; a suspended browser learns why.

describe.each(databaseKinds())('moderation with context and closure on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  let worker: JobRunner;
  const recorder = { sent: [] as ReturnType<typeof recordingMessaging>['sent'] };
  const moderatorHandle = `mod_${randomBytes(4).toString('hex')}`;
  let moderator: Person;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const moderatorEmail = `${moderatorHandle}@example.com`;
    ({ app } = await buildTestApp(database, { env: { MODERATORS: moderatorEmail }, writePolicy: UNLIMITED_WRITES }));
    people = peopleOn(app, database);
    const cookie = await signInByEmail(app, moderatorEmail);
    await completeProfile(app, cookie, { handle: moderatorHandle, displayName: 'The Moderator' });
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    moderator = { id, cookie, handle: moderatorHandle, phone: uniquePhone() };
    // The notification jobs run as on the server, into a messaging that records what it sends.
    const recording = recordingMessaging(database);
    recorder.sent = recording.sent;
    const logger = captureLogger().logger;
    const changes = await startChangeFeed(database, logger);
    worker = createJobRunner({
      db: database.db,
      changes,
      logger,
      types: [notificationJob({ db: database.db, messaging: recording.messaging, logger, publicOrigin: ORIGIN })],
    });
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
    await database.close();
  });

  const report = (reporter: Person, body: Record<string, unknown>) =>
    people.json<ReportReceipt>(people.post(reporter, '/reports', body), 201);
  const act = (reportId: string, action: string, reason: string) =>
    people.post(moderator, `/moderation/reports/${reportId}/actions`, { action, reason });
  const queue = () => people.json<OpenReportPage>(people.get(moderator, '/moderation/reports?limit=100'));
  const audit = () => people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
  const textsTo = (person: Person) => recorder.sent.filter((m) => m.to === person.phone).map((m) => m.text);
  const noticesOf = async (userId: string) =>
    queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notifications where user_id = ${userId} and kind = 'moderation_notice'`,
    );
  const suspensionOf = (person: Person | undefined) => people.json<SuspensionStatus>(people.get(person, '/suspension'));

  it('merges the reports of one wish into one entry with the reporter, the owner, its reasons and the wish as reported', async () => {
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Fan art', cost: 30 }), 201);
    const [first, second, third] = [await people.newPerson(), await people.newPerson(), await people.newPerson()];
    const opened = await report(first, {
      kind: 'wish',
      targetId: wish.id,
      reason: 'impersonation',
      note: 'Not theirs',
    });
    await report(second, { kind: 'wish', targetId: wish.id, reason: 'intellectual_property' });
    const last = await report(third, { kind: 'wish', targetId: wish.id, reason: 'intellectual_property' });
    // Renamed after the reports: moderators see what was reported.
    await people.json(people.patch(creator, `/wishes/${wish.id}`, { name: 'Original art' }));

    const entries = (await queue()).items.filter((entry) => entry.targetId === wish.id);
    expect(entries).toEqual([
      expect.objectContaining({
        id: opened.reportId,
        reporter: { id: first.id, handle: first.handle, displayName: expect.any(String) },
        owner: { id: creator.id, handle: creator.handle, displayName: expect.any(String) },
        note: 'Not theirs',
        snapshot: { wish: { name: 'Fan art', description: '', cost: 30, image: null } },
        contentPath: `/x/${wish.id}`,
        reportCount: 3,
        reasons: [
          { reason: 'intellectual_property', count: 2 },
          { reason: 'impersonation', count: 1 },
        ],
      }),
    ]);

    // One action closes all three; the others can no longer be acted on.
    expect((await act(opened.reportId, 'hide', 'Copied from another artist')).status).toBe(200);
    expect((await queue()).items.filter((entry) => entry.targetId === wish.id)).toEqual([]);
    expect((await act(last.reportId, 'dismiss', 'again')).status).toBe(409);
    expect((await audit()).items.find((entry) => entry.reportId === opened.reportId)).toEqual(
      expect.objectContaining({
        moderator: { id: moderator.id, handle: moderatorHandle, displayName: 'The Moderator' },
        action: 'hide',
        owner: expect.objectContaining({ id: creator.id, handle: creator.handle }),
        contentSummary: 'Fan art',
        contentPath: `/x/${wish.id}`,
        reason: 'Copied from another artist',
      }),
    );

    // The owner is told by text what was hidden and why, once; never who reported it.
    await until(() => textsTo(creator).length > 0);
    expect(textsTo(creator)).toEqual([
      `Sweetwish: A moderator hid your wish "Fan art". Reason: Copied from another artist. Questions? Write to us at ${ORIGIN}/support`,
    ]);
    for (const reporter of [first, second, third]) {
      expect(textsTo(creator).join()).not.toContain(reporter.handle);
      expect(textsTo(reporter)).toEqual([]);
    }
    expect(await noticesOf(creator.id)).toEqual([{ n: 1 }]);
  });

  it('shows the queue and the audit log to moderators only: the owner and the reporter get nothing', async () => {
    const owner = await people.newPerson();
    const reporter = await people.newPerson();
    const { reportId } = await report(reporter, { kind: 'profile', targetId: owner.id, reason: 'minor_safety' });
    for (const person of [owner, reporter, undefined]) {
      for (const path of ['/moderation/reports', '/moderation/audit', '/moderation/suspended']) {
        expect((await people.get(person, path)).status, path).toBe(404);
      }
      expect((await people.post(person, `/moderation/reports/${reportId}/actions`, {})).status).toBe(404);
    }
    const entry = (await queue()).items.find((item) => item.id === reportId);
    expect(entry?.reporter.id).toBe(reporter.id);
    expect(entry?.contentPath).toBe(`/${owner.handle}`);
    // A dismissal touches nobody: nobody is told.
    expect((await act(reportId, 'dismiss', 'Nothing wrong')).status).toBe(200);
    expect(await noticesOf(owner.id)).toEqual([{ n: 0 }]);
  });

  it('tells the sender of a hidden message where it was, and shows a message entry without an address', async () => {
    const fan = await people.newPerson({ tokens: 50 });
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 5 }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    const sent = await people.json<{ id: string }>(
      people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content: 'rude words' }),
      201,
    );
    const { reportId } = await report(creator, {
      kind: 'message',
      targetId: sent.id,
      conversationId,
      reason: 'harassment',
    });
    const entry = (await queue()).items.find((item) => item.id === reportId);
    expect(entry).toEqual(
      expect.objectContaining({ owner: expect.objectContaining({ id: fan.id }), contentPath: null }),
    );
    expect((await act(reportId, 'hide', 'Insults')).status).toBe(200);
    // The fan's texts also hold the tip's receipt; the moderator's notice is the one that is not a receipt.
    const notices = () => textsTo(fan).filter((text) => !text.startsWith('Sweetwish receipt:'));
    await until(() => notices().length > 0);
    expect(notices()).toEqual([
      `Sweetwish: A moderator removed one of your messages. Reason: Insults. See it at ${ORIGIN}/conversations/${conversationId}`,
    ]);
    expect((await audit()).items.find((item) => item.reportId === reportId)?.contentSummary).toBe('rude words');
  });

  it('tells a suspended account why, by text and on the browser whose session ended, until it is lifted', async () => {
    const creator = await people.newPerson();
    const other = await people.newPerson();
    const reporter = await people.newPerson();
    const { reportId } = await report(reporter, { kind: 'profile', targetId: creator.id, reason: 'sexual_content' });
    expect((await act(reportId, 'suspend', 'Explicit photos')).status).toBe(200);

    // The ended session now reads as signed out, but says why; nobody else's does.
    expect(await (await me(app, creator.cookie)).json()).toBeNull();
    expect(await suspensionOf(creator)).toEqual({
      suspension: { reason: 'Explicit photos', suspendedAt: expect.any(String) },
    });
    expect(await suspensionOf(other)).toEqual({ suspension: null });
    expect(await suspensionOf(undefined)).toEqual({ suspension: null });
    await until(() => textsTo(creator).length > 0);
    expect(textsTo(creator)).toEqual([
      `Sweetwish: A moderator suspended your account. Reason: Explicit photos. More at ${ORIGIN}/suspended`,
    ]);

    // A second report acted on with a suspension is logged, but the account is not told twice.
    const again = await report(other, { kind: 'profile', targetId: creator.id, reason: 'spam' });
    expect((await act(again.reportId, 'suspend', 'Still explicit')).status).toBe(200);
    expect(await noticesOf(creator.id)).toEqual([{ n: 1 }]);

    const lifted = await people.post(moderator, `/moderation/suspended/${creator.id}/lift`, {
      reason: 'Appeal upheld',
    });
    expect(lifted.status).toBe(204);
    expect(await suspensionOf(creator)).toEqual({ suspension: null });
    await until(() => textsTo(creator).length > 1);
    expect(textsTo(creator)[1]).toBe(
      `Sweetwish: A moderator lifted the suspension of your account: you can sign in again. Reason: Appeal upheld. Sign in at ${ORIGIN}/sign-in`,
    );
    const owners = (await audit()).items.filter((item) => item.targetId === creator.id);
    expect(owners.map((item) => [item.action, item.owner.id, item.contentPath])).toEqual([
      ['lift_suspension', creator.id, `/${creator.handle}`],
      ['suspend', creator.id, `/${creator.handle}`],
      ['suspend', creator.id, `/${creator.handle}`],
    ]);
  });
});
