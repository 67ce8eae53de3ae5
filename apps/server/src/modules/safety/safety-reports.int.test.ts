import { randomBytes } from 'node:crypto';
import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import type { OpenReport, OpenReportPage, ReportReceipt } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { seedUser } from '../../../test/seed';
import { completeProfile, me, signInByEmail, uniquePhone } from '../../../test/sign-in-helpers';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { WRITE_POLICY } from '../../http/rate-limits/write-policy';

describe.each(databaseKinds())('reports on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  const moderatorHandle = `mod_${randomBytes(4).toString('hex')}`;
  let moderator: Person;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // One moderator by verified e-mail address (decision 028); the other address names nobody here.
    const moderatorEmail = `${moderatorHandle}@example.com`;
    ({ app } = await buildTestApp(database, {
      env: { MODERATORS: `${moderatorEmail.toUpperCase()}, someone@example.com` },
      // Every request here comes from one address: its report limit is report-flood.int.test.ts's subject.
      writePolicy: { ...WRITE_POLICY, report: { ...WRITE_POLICY.report, perAddress: { perMinute: 1e6, perDay: 1e6 } } },
    }));
    people = peopleOn(app, database);
    const phone = uniquePhone();
    const cookie = await signInByEmail(app, moderatorEmail);
    const done = await completeProfile(app, cookie, { handle: moderatorHandle, displayName: 'The Moderator' });
    expect(done.status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    moderator = { id, cookie, handle: moderatorHandle, phone };
  });
  afterAll(() => database.close());

  const errorOf = async (res: Response | Promise<Response>) => ((await (await res).json()) as ApiErrorBody).error;

  /** A fan who tipped a creator, and the conversation of that tip. */
  async function fanCreatorAndConversation() {
    const fan = await people.newPerson({ tokens: 200 });
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25 }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    return { fan, creator, conversationId, tipId };
  }

  const sendText = (person: Person, conversationId: string, content: string) =>
    people.post(person, `/conversations/${conversationId}/messages`, { type: 'text', content });

  describe('reports', () => {
    it('keeps the wish as it was when reported, refuses a second open report, and tells the reporter nothing more', async () => {
      const creator = await people.newPerson();
      const reporter = await people.newPerson();
      const wish = await people.json<{ id: string }>(
        people.post(creator, '/wishes', { name: 'Fake watch', cost: 99, description: 'Totally real' }),
        201,
      );
      const body = { kind: 'wish', targetId: wish.id, reason: 'scam', note: 'Looks fake' };
      const receipt = await people.json<ReportReceipt>(people.post(reporter, '/reports', body), 201);
      expect(receipt).toEqual({ reportId: expect.any(String), message: SAFETY_MESSAGES.reportSent });

      // The wish changes afterwards; the report keeps what was reported.
      await people.json(people.patch(creator, `/wishes/${wish.id}`, { name: 'Nice watch', cost: 120 }));
      const again = await people.post(reporter, '/reports', body);
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(SAFETY_MESSAGES.alreadyReported);

      const queue = await people.json<OpenReportPage>(people.get(moderator, '/moderation/reports?limit=100'));
      const report = queue.items.find((r) => r.id === receipt.reportId);
      expect(report).toEqual({
        id: receipt.reportId,
        kind: 'wish',
        targetId: wish.id,
        targetUserId: creator.id,
        owner: { id: creator.id, handle: creator.handle, displayName: expect.any(String) },
        reporterId: reporter.id,
        reporter: { id: reporter.id, handle: reporter.handle, displayName: expect.any(String) },
        reason: 'scam',
        note: 'Looks fake',
        snapshot: { wish: { name: 'Fake watch', description: 'Totally real', cost: 99, image: null } },
        contentPath: `/x/${wish.id}`,
        createdAt: expect.any(String),
        reportCount: 1,
        reasons: [{ reason: 'scam', count: 1 }],
        lastReportedAt: expect.any(String),
      } satisfies OpenReport);
      // Another reporter may report the same wish.
      const other = await people.newPerson();
      await people.json(people.post(other, '/reports', body), 201);
    });

    it('snapshots a profile and a message; only a participant reports a message, and nobody their own content', async () => {
      const { fan, creator, conversationId } = await fanCreatorAndConversation();
      await people.json(people.patch(creator, '/profile', { description: 'Old bio' }));
      const profileReport = await people.json<ReportReceipt>(
        people.post(fan, '/reports', { kind: 'profile', targetId: creator.id, reason: 'other' }),
        201,
      );
      await people.json(people.patch(creator, '/profile', { description: 'New bio' }));

      const sent = await people.json<{ id: string }>(sendText(creator, conversationId, 'send me money'), 201);
      const messageBody = {
        kind: 'message',
        targetId: sent.id,
        conversationId,
        reason: 'harassment',
        note: '',
      };
      const stranger = await people.newPerson();
      expect((await people.post(stranger, '/reports', messageBody)).status).toBe(404);
      expect((await people.post(creator, '/reports', messageBody)).status).toBe(400);
      expect((await people.post(fan, '/reports', { ...messageBody, conversationId: undefined })).status).toBe(400);
      expect((await people.post(fan, '/reports', { ...messageBody, reason: 'rude' })).status).toBe(400);
      const messageReport = await people.json<ReportReceipt>(people.post(fan, '/reports', messageBody), 201);
      expect(
        (await people.post(creator, '/reports', { kind: 'profile', targetId: creator.id, reason: 'spam' })).status,
      ).toBe(400);
      expect((await people.post(fan, '/reports', { kind: 'wish', targetId: 'nothing', reason: 'spam' })).status).toBe(
        404,
      );
      expect((await people.post(undefined, '/reports', messageBody)).status).toBe(401);

      const queue = await people.json<OpenReportPage>(people.get(moderator, '/moderation/reports?limit=100'));
      const byId = new Map(queue.items.map((r) => [r.id, r]));
      expect(byId.get(profileReport.reportId)?.snapshot.profile).toEqual(
        expect.objectContaining({ handle: creator.handle, description: 'Old bio' }),
      );
      expect(byId.get(messageReport.reportId)).toEqual(
        expect.objectContaining({
          kind: 'message',
          targetUserId: creator.id,
          snapshot: {
            message: {
              conversationId,
              type: 'text',
              content: 'send me money',
              imageKey: null,
              sentAt: expect.any(String),
            },
          },
        }),
      );
    });
  });

  it('limits reports to 10 a minute per user: the 11th is refused and stores nothing', async () => {
    const reporter = await people.newPerson();
    const targets = await Promise.all(Array.from({ length: 11 }, () => seedUser(database.db)));
    for (const target of targets.slice(0, 10)) {
      await people.json(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'spam' }),
        201,
      );
    }
    const refused = await people.post(reporter, '/reports', {
      kind: 'profile',
      targetId: targets[10]?.id,
      reason: 'spam',
    });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toContain('Too many reports');
    const stored = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reports where reporter_id = ${reporter.id}`,
    );
    expect(stored).toEqual([{ n: 10 }]);
  });
});
