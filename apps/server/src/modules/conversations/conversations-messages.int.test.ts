import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type {
  Conversation,
  ConversationPage,
  Message,
  MessageChanges,
  MessagePage,
} from '@sweetwish/shared/conversations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

describe.each(databaseKinds())('conversations: opening, sending and paging on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app } = await buildTestApp(database));
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  /** A fan who tipped a creator, and the tip's id. */
  async function fanAndCreator(options: { isAnonymous?: boolean } = {}) {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 25, isAnonymous: options.isAnonymous ?? false }),
      201,
    );
    return { fan, creator, purchaseId: tipId };
  }

  async function openConversation(fan: Person, purchaseId: string) {
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId }),
    );
    return conversationId;
  }

  const sendText = (person: Person, conversationId: string, content: string) =>
    people.post(person, `/conversations/${conversationId}/messages`, { type: 'text', content });

  const page = (person: Person, conversationId: string, query = '') =>
    people.json<MessagePage>(people.get(person, `/conversations/${conversationId}/messages${query}`));
  const conversation = (person: Person, conversationId: string) =>
    people.json<Conversation>(people.get(person, `/conversations/${conversationId}`));

  it('opens one conversation per purchase, starting with the purchase message, for its buyer or recipient', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    expect(await openConversation(fan, purchaseId)).toBe(id);
    const fromRecipient = await people.json<{ conversationId: string }>(
      people.post(creator, '/conversations', { type: 'received', purchaseId }),
    );
    expect(fromRecipient.conversationId).toBe(id);

    const { messages, hasOlder } = await page(creator, id);
    expect(hasOlder).toBe(false);
    // The purchase bubble tells when the tip was paid, not when its conversation opened.
    const { createdAt: boughtAt } = await people.json<{ createdAt: string }>(
      people.get(fan, `/purchases/${purchaseId}`),
    );
    expect(messages).toEqual([
      expect.objectContaining({
        type: 'purchase',
        seq: 1,
        isMine: false,
        purchase: { type: 'tip', costCents: 2500, reversedCents: 0, product: null, message: null, boughtAt },
      }),
    ]);
    // Both lists now offer "Join Conversation".
    const purchase = await people.json<{ conversationId: string }>(people.get(fan, `/purchases/${purchaseId}`));
    expect(purchase.conversationId).toBe(id);
    const received = await people.json<{ conversationId: string }>(people.get(creator, `/received/${purchaseId}`));
    expect(received.conversationId).toBe(id);

    // The recipient has a new conversation waiting; its opener has read it.
    expect((await conversation(creator, id)).isUnread).toBe(true);
    expect((await conversation(fan, id)).isUnread).toBe(false);
    expect(await people.json(people.get(creator, '/activity'))).toMatchObject({
      hasConversations: true,
      unseenConversations: 1,
    });
  });

  it('refuses a conversation on the wrong side of a purchase, or about someone else’s', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const stranger = await people.newPerson();
    for (const [person, type] of [
      [fan, 'received'],
      [creator, 'purchase'],
      [stranger, 'purchase'],
      [stranger, 'received'],
    ] as const) {
      const res = await people.post(person, '/conversations', { type, purchaseId });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(CHAT_MESSAGES.createFailed);
    }
    expect((await people.post(fan, '/conversations', { type: 'gift', purchaseId })).status).toBe(400);
    expect((await people.post(fan, '/conversations', { type: 'purchase' })).status).toBe(400);
    expect(await people.json(people.get(stranger, '/conversations'))).toEqual({ items: [], nextCursor: null });
  });

  it('makes exactly one conversation of 20 asked for at once', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        people.json<{ conversationId: string }>(
          i % 2
            ? people.post(fan, '/conversations', { type: 'purchase', purchaseId })
            : people.post(creator, '/conversations', { type: 'received', purchaseId }),
        ),
      ),
    );
    expect(new Set(answers.map((a) => a.conversationId)).size).toBe(1);
    const rows = await database.db.execute(
      `select count(*)::int as n from conversations where purchase_id = '${purchaseId}'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect((await page(fan, answers[0]?.conversationId as string)).messages).toHaveLength(1);
  });

  it('sends text both ways, newest last, with previews and read state', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    const sent = await people.json<Message>(sendText(fan, id, 'Thank you so much!'), 201);
    expect(sent).toMatchObject({ type: 'text', content: 'Thank you so much!', isMine: true, seq: 2 });
    await people.json(sendText(creator, id, 'You are the best'), 201);

    const seenByFan = await page(fan, id);
    expect(seenByFan.messages.map((m) => [m.type, m.content, m.isMine])).toEqual([
      ['purchase', null, true],
      ['text', 'Thank you so much!', true],
      ['text', 'You are the best', false],
    ]);
    const fanView = await conversation(fan, id);
    expect(fanView).toMatchObject({
      role: 'buyer',
      participant: { id: creator.id, handle: creator.handle },
      isUnread: true,
      lastMessage: { type: 'text', text: 'You are the best', isMine: false },
      sendBlock: null,
    });
    // The creator wrote last, so they have read everything.
    expect((await conversation(creator, id)).isUnread).toBe(false);

    expect((await people.post(fan, `/conversations/${id}/seen`)).status).toBe(204);
    const read = await conversation(fan, id);
    expect(read.isUnread).toBe(false);
    expect((await conversation(creator, id)).participantSeenAt).toBe(read.seenAt);
    const list = await people.json<ConversationPage>(people.get(fan, '/conversations'));
    expect(list.items[0]?.id).toBe(id);
  });

  it('checks a message: at most 5000 characters, not blank, text or image only', async () => {
    const { fan, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    expect((await sendText(fan, id, 'x'.repeat(5000))).status).toBe(201);
    const tooLong = await sendText(fan, id, 'x'.repeat(5001));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(await tooLong.json())).toContain(CHAT_MESSAGES.tooLong);
    expect((await sendText(fan, id, '   ')).status).toBe(400);
    for (const type of ['purchase', 'image', 'video']) {
      const res = await people.post(fan, `/conversations/${id}/messages`, { type, content: 'hi' });
      expect(res.status).toBe(400);
    }
    expect((await page(fan, id)).messages).toHaveLength(2);
  });

  it('pages back 30 at a time without repeating or skipping, and changes since carry the rest', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    for (let i = 1; i <= 64; i++) await people.json(sendText(i % 2 ? fan : creator, id, `m${i}`), 201);

    const first = await page(fan, id);
    expect(first.messages.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${35 + i}`));
    expect(first.hasOlder).toBe(true);
    const second = await page(fan, id, `?before=${first.messages[0]?.seq}`);
    expect(second.messages.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${5 + i}`));
    const third = await page(fan, id, `?before=${second.messages[0]?.seq}`);
    expect(third.messages.map((m) => m.content)).toEqual([null, 'm1', 'm2', 'm3', 'm4']);
    expect(third.hasOlder).toBe(false);

    await people.json(sendText(creator, id, 'after'), 201);
    const changes = await people.json<MessageChanges>(
      people.get(fan, `/conversations/${id}/messages/changes?since=${first.version}`),
    );
    expect(changes.messages.map((m) => m.content)).toEqual(['after']);
    expect(changes.isComplete).toBe(true);
    for (const query of ['?limit=0', '?limit=101', '?before=0', '?before=x']) {
      expect((await people.get(fan, `/conversations/${id}/messages${query}`)).status).toBe(400);
    }
  });

  it.skipIf(kind !== 'postgres')('never repeats or skips a message while others arrive during the paging', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    // Both send, so each stays within the 60 messages a minute a person may send (write-policy.ts).
    for (let i = 0; i < 60; i++) await people.json(sendText(i % 2 ? fan : creator, id, `before ${i}`), 201);

    // The fan pages back while both keep sending, all at once.
    const sending = Promise.all(
      Array.from({ length: 60 }, (_, i) => sendText(i % 2 ? fan : creator, id, `during ${i}`)),
    );
    const seen: Message[] = [];
    const first = await page(fan, id, '?limit=10');
    seen.push(...first.messages);
    let oldest = first.messages[0]?.seq;
    let hasOlder = first.hasOlder;
    while (hasOlder) {
      const older = await page(fan, id, `?before=${oldest}&limit=10`);
      seen.push(...older.messages);
      oldest = older.messages[0]?.seq;
      hasOlder = older.hasOlder;
    }
    expect((await sending).every((r) => r.status === 201)).toBe(true);
    const changes = await people.json<MessageChanges>(
      people.get(fan, `/conversations/${id}/messages/changes?since=${first.version}`),
    );
    seen.push(...changes.messages);

    const seqs = seen.map((m) => m.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 121 }, (_, i) => i + 1));
    // Numbers follow the order the messages were sent in, and so do their times.
    const all = [...new Map(seen.map((m) => [m.seq, m])).values()].sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < all.length; i++) {
      expect(Date.parse(all[i]?.sentAt as string)).toBeGreaterThanOrEqual(Date.parse(all[i - 1]?.sentAt as string));
    }
  });
});
