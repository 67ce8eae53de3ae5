import { randomBytes } from 'node:crypto';
import type { MessagePage } from '@sweetwish/shared/conversations';
import type { AuditPage, OpenReportPage, ReportReceipt, Roles } from '@sweetwish/shared/safety';
import type { ProfilePage } from '@sweetwish/shared/wishes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { completeProfile, me, signInByEmail, uniquePhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { WRITE_POLICY } from '../../http/rate-limits/write-policy';

describe.each(databaseKinds())('moderation of wishes and messages on %s', (kind) => {
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

  describe('moderation', () => {
    it('answers 404 to everyone but a moderator on every moderation route, as for a route that does not exist', async () => {
      const reporter = await people.newPerson();
      const target = await people.newPerson();
      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'spam' }),
        201,
      );
      // Every route of the API document under /moderation, so a new one cannot be missed.
      const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, object> };
      const routes = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/moderation'))
        .flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => ({ method, path: path.slice('/api'.length) })),
        );
      expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
        'get /moderation/audit',
        'get /moderation/reports',
        'get /moderation/suspended',
        'post /moderation/reports/{id}/actions',
        'post /moderation/suspended/{id}/lift',
      ]);
      const body = { action: 'suspend', reason: 'testing' };
      for (const { method, path } of routes) {
        const url = path.replace('{id}', reportId);
        for (const who of [reporter, target, undefined]) {
          const res = await people.request(who, method.toUpperCase(), url, method === 'get' ? undefined : body);
          expect(res.status, `${method} ${url}`).toBe(404);
          expect(await res.json()).toEqual({
            error: { code: 'NOT_FOUND', message: `No API route for ${method.toUpperCase()} /api${url}` },
          });
        }
        const allowed = await people.request(
          moderator,
          method.toUpperCase(),
          url,
          method === 'get'
            ? undefined
            : {
                action: 'dismiss',
                reason: 'checked',
              },
        );
        // The report's id is no suspended account's: reached, and refused for that.
        expect(allowed.status, `${method} ${url} as moderator`).toBe(path.endsWith('/lift') ? 409 : 200);
      }
      // The refused suspensions did nothing: the target is still signed in.
      expect(await (await me(app, target.cookie)).json()).toEqual(expect.objectContaining({ id: target.id }));
      expect(await people.json<Roles>(people.get(reporter, '/me/roles'))).toEqual({ isModerator: false });
      expect(await people.json<Roles>(people.get(moderator, '/me/roles'))).toEqual({ isModerator: true });
    });

    it('hides a reported wish: the public page, the wish page and buying no longer find it; the audit log says who and why', async () => {
      const creator = await people.newPerson();
      const reporter = await people.newPerson({ tokens: 100 });
      const kept = await people.json<{ id: string }>(
        people.post(creator, '/wishes', { name: 'Flowers', cost: 20 }),
        201,
      );
      const bad = await people.json<{ id: string }>(
        people.post(creator, '/wishes', { name: 'Bad thing', cost: 20 }),
        201,
      );
      const pageIds = async () =>
        (await people.json<ProfilePage>(people.get(undefined, `/users/${creator.handle}/page`))).wishes.map(
          (w) => w.id,
        );
      // Cached before the action: the hide must drop the cached wishlist.
      expect((await pageIds()).sort()).toEqual([kept.id, bad.id].sort());

      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'wish', targetId: bad.id, reason: 'illegal_content' }),
        201,
      );
      const second = await people.json<ReportReceipt>(
        people.post(await people.newPerson(), '/reports', {
          kind: 'wish',
          targetId: bad.id,
          reason: 'spam',
        }),
        201,
      );
      expect(
        await people.json(
          people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'hide', reason: 'Not allowed' }),
        ),
      ).toEqual({ reportId, action: 'hide' });

      expect(await pageIds()).toEqual([kept.id]);
      expect(
        (await people.json<{ id: string }[]>(people.get(undefined, `/users/${creator.id}/wishes`))).map((w) => w.id),
      ).toEqual([kept.id]);
      expect((await people.get(undefined, `/wishes/${bad.id}`)).status).toBe(404);
      expect((await people.post(reporter, '/purchases', { productId: bad.id, sellerId: creator.id })).status).toBe(404);
      expect((await people.patch(creator, `/wishes/${bad.id}`, { archived: false })).status).toBe(404);

      // Both reports of the wish are closed; acting again is refused.
      const queue = await people.json<OpenReportPage>(people.get(moderator, '/moderation/reports?limit=100'));
      expect(queue.items.map((r) => r.id)).not.toContain(reportId);
      expect(queue.items.map((r) => r.id)).not.toContain(second.reportId);
      const twice = await people.post(moderator, `/moderation/reports/${reportId}/actions`, {
        action: 'dismiss',
        reason: 'again',
      });
      expect(twice.status).toBe(409);

      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.find((a) => a.reportId === reportId)).toEqual({
        id: expect.any(String),
        moderatorId: moderator.id,
        moderator: { id: moderator.id, handle: moderatorHandle, displayName: 'The Moderator' },
        action: 'hide',
        kind: 'wish',
        targetId: bad.id,
        owner: { id: creator.id, handle: creator.handle, displayName: expect.any(String) },
        contentSummary: 'Bad thing',
        contentPath: `/x/${bad.id}`,
        reportId,
        reason: 'Not allowed',
        createdAt: expect.any(String),
      });
      expect(audit.items.filter((a) => a.reportId === second.reportId)).toEqual([]);
    });

    it('hides a reported message: both participants see it removed, without its text', async () => {
      const { fan, creator, conversationId } = await fanCreatorAndConversation();
      const sent = await people.json<{ id: string }>(sendText(creator, conversationId, 'nasty words'), 201);
      await people.json(sendText(creator, conversationId, 'a later message'), 201);
      const { reportId } = await people.json<ReportReceipt>(
        people.post(fan, '/reports', {
          kind: 'message',
          targetId: sent.id,
          conversationId,
          reason: 'harassment',
        }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'hide', reason: 'Abuse' }),
      );
      for (const person of [fan, creator]) {
        const { messages } = await people.json<MessagePage>(
          people.get(person, `/conversations/${conversationId}/messages`),
        );
        expect(messages.map((m) => [m.content, m.isRemoved])).toEqual([
          [null, false],
          [null, true],
          ['a later message', false],
        ]);
      }
    });
  });
});
