import { randomBytes } from 'node:crypto';
import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Conversation, MessagePage } from '@sweetwish/shared/conversations';
import type { BlockedUserPage, BlockStatus } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { spendableCents } from '../../../test/seed';
import { completeProfile, me, signInByEmail, uniquePhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { WRITE_POLICY } from '../../http/rate-limits/write-policy';
import { createGiftBatcher, type GiftPoster } from '../gifts/gift-batcher';
import { sendTip } from '../gifts/service';
import { findUserBalances } from '../ledger/service';

describe.each(databaseKinds())('blocks on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  const moderatorHandle = `mod_${randomBytes(4).toString('hex')}`;
  let _moderator: Person;

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
    _moderator = { id, cookie, handle: moderatorHandle, phone };
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
});
