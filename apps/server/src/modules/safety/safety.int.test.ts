import { randomBytes } from 'node:crypto';
import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Conversation, MessagePage } from '@sweetwish/shared/conversations';
import type {
  AuditPage,
  BlockedUserPage,
  BlockStatus,
  OpenReport,
  OpenReportPage,
  ReportReceipt,
  Roles,
  SuspendedAccountPage,
} from '@sweetwish/shared/safety';
import { MODERATION_REASON_MAX, SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import type { ProfilePage } from '@sweetwish/shared/wishes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { seedUser, spendableCents } from '../../../test/seed';
import {
  completeProfile,
  latestCode,
  me,
  sendCode,
  signInByEmail,
  uniquePhone,
  verifyCode,
} from '../../../test/sign-in-helpers';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { WRITE_POLICY } from '../../http/rate-limits/write-policy';
import { createGiftBatcher, type GiftPoster } from '../gifts/gift-batcher';
import { sendTip } from '../gifts/service';
import { findUserBalances } from '../ledger/service';

describe.each(databaseKinds())('block, report and moderation on %s', (kind) => {
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
  const conversation = (person: Person, id: string) =>
    people.json<Conversation>(people.get(person, `/conversations/${id}`));

  describe('blocks', () => {
    it('refuses messages both ways and new conversations while a block stands; unblocking restores them', async () => {
      const { fan, creator, conversationId } = await fanCreatorAndConversation();
      expect((await sendText(fan, conversationId, 'hello')).status).toBe(201);

      expect(await people.json<BlockStatus>(people.put(creator, `/users/${fan.id}/block`))).toEqual({
        isBlocked: true,
        refusesGifts: false,
      });
      const refused = await sendText(fan, conversationId, 'are you there?');
      expect(refused.status).toBe(403);
      // The blocked fan is told what a closed conversation says, never that they were blocked.
      expect((await errorOf(refused)).message).toBe(CHAT_MESSAGES.accountDeleted);
      expect((await conversation(fan, conversationId)).sendBlock).toBe('blocked');
      const list = await people.json<{ items: Conversation[] }>(people.get(fan, '/conversations'));
      expect(list.items.find((c) => c.id === conversationId)?.sendBlock).toBe('blocked');
      // Symmetric: the blocker cannot write either, and is told why.
      const own = await sendText(creator, conversationId, 'bye');
      expect(own.status).toBe(403);
      expect((await errorOf(own)).message).toBe(CHAT_MESSAGES.blockedByYou);
      expect((await conversation(creator, conversationId)).sendBlock).toBe('blocked_by_you');
      // Nothing was stored by the refused sends.
      const messages = await people.json<MessagePage>(people.get(creator, `/conversations/${conversationId}/messages`));
      expect(messages.messages.map((m) => m.content)).toEqual([null, 'hello']);

      // A new gift goes through (gifts are refused only when asked), but its conversation cannot start.
      const { tipId } = await people.json<{ tipId: string }>(
        people.post(fan, '/tips', { recipientId: creator.id, amount: 5 }),
        201,
      );
      const start = await people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId });
      expect(start.status).toBe(403);
      const startByCreator = await people.post(creator, '/conversations', { type: 'received', purchaseId: tipId });
      expect(startByCreator.status).toBe(403);

      // The public profile stays public to the blocked user.
      expect((await people.get(fan, `/users/${creator.handle}/page`)).status).toBe(200);

      expect(await people.json<BlockStatus>(people.delete(creator, `/users/${fan.id}/block`))).toEqual({
        isBlocked: false,
        refusesGifts: false,
      });
      expect((await sendText(fan, conversationId, 'back again')).status).toBe(201);
      expect((await conversation(fan, conversationId)).sendBlock).toBeNull();
      expect((await people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId })).status).toBe(200);
    });

    it('refuses gifts from a blocked fan when the creator asks, moving no money; unblocking restores them', async () => {
      const fan = await people.newPerson({ tokens: 200 });
      const creator = await people.newPerson();
      const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Lamp', cost: 30 }), 201);
      await people.json(people.put(creator, `/users/${fan.id}/block`, { refusesGifts: true }));
      const before = await spendableCents(database.db, fan.id);

      const tip = await people.post(fan, '/tips', { recipientId: creator.id, amount: 10 });
      expect(tip.status).toBe(403);
      expect((await errorOf(tip)).message).toBe(SAFETY_MESSAGES.giftsRefused);
      const buy = await people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id });
      expect(buy.status).toBe(403);
      expect((await errorOf(buy)).message).toBe(SAFETY_MESSAGES.giftsRefused);

      expect(await spendableCents(database.db, fan.id)).toBe(before);
      expect(await findUserBalances(database.db, creator.id)).toEqual({
        boughtCents: 0,
        pendingCents: 0,
        availableCents: 0,
      });
      expect((await people.json<{ items: unknown[] }>(people.get(creator, '/received'))).items).toEqual([]);

      // A block without refusing gifts lets them through again.
      await people.json(people.put(creator, `/users/${fan.id}/block`, { refusesGifts: false }));
      await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10 }), 201);
      await people.json(people.put(creator, `/users/${fan.id}/block`, { refusesGifts: true }));
      expect((await people.post(fan, '/tips', { recipientId: creator.id, amount: 10 })).status).toBe(403);
      await people.json(people.delete(creator, `/users/${fan.id}/block`));
      await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 10 }), 201);
      expect(await spendableCents(database.db, fan.id)).toBe(before - 2000);
    });

    it('refuses a gift whose payment starts after a block that refuses gifts, even if the checks before it passed', async () => {
      const fan = await people.newPerson({ tokens: 100 });
      const creator = await people.newPerson();
      const before = await spendableCents(database.db, fan.id);
      const batcher = createGiftBatcher(database.db);
      // The block commits between the service's checks and the payment: the race a check made outside the
      // payment's transaction loses.
      const blockThenPost: GiftPoster = async (posting) => {
        await people.json(people.put(creator, `/users/${fan.id}/block`, { refusesGifts: true }));
        return batcher(posting);
      };
      await expect(
        sendTip(database.db, blockThenPost, fan.id, { recipientId: creator.id, amount: 10 }),
      ).rejects.toThrow(SAFETY_MESSAGES.giftsRefused);
      expect(await spendableCents(database.db, fan.id)).toBe(before);
      expect((await people.json<{ items: unknown[] }>(people.get(creator, '/received'))).items).toEqual([]);
    });

    it('lists blocks in settings, newest first; an anonymous buyer blocked from a conversation stays anonymous', async () => {
      const creator = await people.newPerson();
      const named = await people.newPerson();
      const hidden = await people.newPerson({ tokens: 100 });
      const { tipId } = await people.json<{ tipId: string }>(
        people.post(hidden, '/tips', { recipientId: creator.id, amount: 5, isAnonymous: true }),
        201,
      );
      const { conversationId } = await people.json<{ conversationId: string }>(
        people.post(creator, '/conversations', { type: 'received', purchaseId: tipId }),
      );
      await people.json(people.put(creator, `/users/${named.id}/block`));
      await people.json(people.put(creator, `/conversations/${conversationId}/block`, { refusesGifts: true }));

      const page = await people.json<BlockedUserPage>(people.get(creator, '/blocks'));
      expect(page.nextCursor).toBeNull();
      expect(page.items).toEqual([
        { userId: hidden.id, person: null, refusesGifts: true, blockedAt: expect.any(String) },
        {
          userId: named.id,
          person: { id: named.id, handle: named.handle, displayName: expect.any(String), photoUrl: null },
          refusesGifts: false,
          blockedAt: expect.any(String),
        },
      ]);
      expect((await people.post(hidden, '/tips', { recipientId: creator.id, amount: 5 })).status).toBe(403);
      await people.json(people.delete(creator, `/conversations/${conversationId}/block`));
      expect((await people.json<BlockedUserPage>(people.get(creator, '/blocks'))).items).toHaveLength(1);
      // Nobody else's blocks show.
      expect((await people.json<BlockedUserPage>(people.get(named, '/blocks'))).items).toEqual([]);
    });

    it('refuses blocking oneself, an unknown user, a stranger\u2019s conversation, and anyone signed out', async () => {
      const person = await people.newPerson();
      const { conversationId } = await fanCreatorAndConversation();
      expect((await people.put(person, `/users/${person.id}/block`)).status).toBe(400);
      expect((await people.put(person, '/users/nobody/block')).status).toBe(404);
      expect((await people.put(person, `/conversations/${conversationId}/block`)).status).toBe(404);
      expect((await people.put(undefined, `/users/${person.id}/block`)).status).toBe(401);
      expect((await people.get(undefined, '/blocks')).status).toBe(401);
    });
  });

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
        reporterId: reporter.id,
        reason: 'scam',
        note: 'Looks fake',
        snapshot: { wish: { name: 'Fake watch', description: 'Totally real', cost: 99, image: null } },
        createdAt: expect.any(String),
        reportCount: 1,
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
        action: 'hide',
        kind: 'wish',
        targetId: bad.id,
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

    it('suspends an account: its sessions end, it cannot sign in, its page reads User Not Found, its earnings stay held', async () => {
      const creator = await people.newPerson();
      const fan = await people.newPerson({ tokens: 100 });
      await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 50 }), 201);
      const earnings = await findUserBalances(database.db, creator.id);
      expect(earnings.pendingCents).toBe(4000);
      // The public page is cached before the action.
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(200);
      const { reportId } = await people.json<ReportReceipt>(
        people.post(fan, '/reports', { kind: 'profile', targetId: creator.id, reason: 'scam' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'suspend', reason: 'Scammer' }),
      );

      expect(await (await me(app, creator.cookie)).json()).toBeNull();
      expect((await people.get(creator, '/blocks')).status).toBe(401);
      const code = await sendCode(app, creator.phone);
      expect(code.status).toBe(200);
      const signIn = await verifyCode(app, creator.phone, await latestCode(app, creator.phone));
      expect(signIn.status).toBe(403);
      expect(signIn.headers.get('set-cookie') ?? '').not.toContain('session_token=');
      expect(((await signIn.json()) as { message?: string }).message).toBe(SAFETY_MESSAGES.suspended);

      const page = await people.get(undefined, `/users/${creator.handle}/page`);
      expect(page.status).toBe(404);
      expect((await errorOf(page)).message).toBe('User Not Found');
      const found = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(found.map((r) => r.id)).not.toContain(creator.id);
      const tip = await people.post(fan, '/tips', { recipientId: creator.id, amount: 5 });
      expect(tip.status).toBe(404);
      expect(await findUserBalances(database.db, creator.id)).toEqual(earnings);

      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.find((a) => a.reportId === reportId)).toEqual(
        expect.objectContaining({
          moderatorId: moderator.id,
          action: 'suspend',
          kind: 'profile',
          targetId: creator.id,
          reason: 'Scammer',
        }),
      );
    });

    it('lifts a suspension with a reason: the account signs in again, its page, search and gifts come back, and the audit log says who and why', async () => {
      const creator = await people.newPerson();
      const fan = await people.newPerson({ tokens: 100 });
      const { reportId } = await people.json<ReportReceipt>(
        people.post(fan, '/reports', { kind: 'profile', targetId: creator.id, reason: 'other' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'suspend', reason: 'Mistake' }),
      );
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(404);
      // Searched while suspended: the cached results leave the account out until the lift drops them.
      const searched = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(searched.map((r) => r.id)).not.toContain(creator.id);
      const suspended = await people.json<SuspendedAccountPage>(people.get(moderator, '/moderation/suspended'));
      expect(suspended.items[0]).toEqual({
        id: creator.id,
        handle: creator.handle,
        displayName: expect.any(String),
        suspendedAt: expect.any(String),
      });

      const lift = (body: unknown, id = creator.id) => people.post(moderator, `/moderation/suspended/${id}/lift`, body);
      expect((await lift({ reason: '  ' })).status).toBe(400);
      expect((await lift({ reason: 'x'.repeat(MODERATION_REASON_MAX + 1) })).status).toBe(400);
      expect((await lift({ reason: 'ok' }, fan.id)).status).toBe(409);
      // Refusals changed nothing.
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(404);

      const lifted = await lift({ reason: 'Reviewed: not a scam' });
      expect(lifted.status).toBe(204);
      const again = await lift({ reason: 'twice' });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(SAFETY_MESSAGES.notSuspended);

      expect((await sendCode(app, creator.phone)).status).toBe(200);
      expect((await verifyCode(app, creator.phone, await latestCode(app, creator.phone))).status).toBe(200);
      expect((await people.get(undefined, `/users/${creator.handle}/page`)).status).toBe(200);
      const found = (await (await app.request(`/api/search/users?q=${creator.handle}`)).json()) as { id: string }[];
      expect(found.map((r) => r.id)).toContain(creator.id);
      expect((await people.post(fan, '/tips', { recipientId: creator.id, amount: 5 })).status).toBe(201);
      const after = await people.json<SuspendedAccountPage>(people.get(moderator, '/moderation/suspended'));
      expect(after.items.map((a) => a.id)).not.toContain(creator.id);

      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.filter((a) => a.targetId === creator.id).map((a) => [a.action, a.reason, a.reportId])).toEqual(
        [
          ['lift_suspension', 'Reviewed: not a scam', null],
          ['suspend', 'Mistake', reportId],
        ],
      );
    });

    it('never changes or removes a row of the audit log', async () => {
      const reporter = await people.newPerson();
      const target = await people.newPerson();
      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'other' }),
        201,
      );
      await people.json(
        people.post(moderator, `/moderation/reports/${reportId}/actions`, { action: 'dismiss', reason: 'Fine' }),
      );
      await expect(
        database.db.execute(sql`update moderation_actions set reason = 'changed' where report_id = ${reportId}`),
      ).rejects.toThrow();
      await expect(
        database.db.execute(sql`delete from moderation_actions where report_id = ${reportId}`),
      ).rejects.toThrow();
      const audit = await people.json<AuditPage>(people.get(moderator, '/moderation/audit?limit=100'));
      expect(audit.items.find((a) => a.reportId === reportId)?.reason).toBe('Fine');
      // A dismissed report leaves the content alone.
      expect((await people.get(undefined, `/users/${target.handle}/page`)).status).toBe(200);
    });

    it('refuses an action without a reason, hiding a profile, and an unknown report', async () => {
      const reporter = await people.newPerson();
      const target = await people.newPerson();
      const { reportId } = await people.json<ReportReceipt>(
        people.post(reporter, '/reports', { kind: 'profile', targetId: target.id, reason: 'other' }),
        201,
      );
      const act = (body: unknown, id = reportId) => people.post(moderator, `/moderation/reports/${id}/actions`, body);
      expect((await act({ action: 'dismiss', reason: ' ' })).status).toBe(400);
      expect((await act({ action: 'hide', reason: 'x' })).status).toBe(400);
      expect((await act({ action: 'dismiss', reason: 'x' }, 'nothing')).status).toBe(404);
      expect((await act({ action: 'dismiss', reason: 'x' })).status).toBe(200);
    });
  });
});
