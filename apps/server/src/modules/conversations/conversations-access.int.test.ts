import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Conversation, Message, MessagePage } from '@sweetwish/shared/conversations';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { readEvents, settleChanges } from '../../../test/sse';
import type { DatabaseHandle } from '../../db/client';
import { jpegWithGps, solidImage } from '../media/test-images';
import { reconcile } from '../wallet/service';

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

describe.each(databaseKinds())('conversations: hearts, images, access and live changes on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let changes: Awaited<ReturnType<typeof buildTestApp>>['changes'];
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    ({ app, changes } = await buildTestApp(database));
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

  async function sendImage(person: Person, conversationId: string, file: Uint8Array, blurhash = BLURHASH) {
    const form = new FormData();
    form.append('file', new Blob([file]), 'photo.jpg');
    form.append('blurhash', blurhash);
    return app.request(`/api/conversations/${conversationId}/images`, {
      method: 'POST',
      headers: { Cookie: person.cookie, Origin: jsonHeaders().Origin as string },
      body: form,
    });
  }

  const page = (person: Person, conversationId: string, query = '') =>
    people.json<MessagePage>(people.get(person, `/conversations/${conversationId}/messages${query}`));
  const conversation = (person: Person, conversationId: string) =>
    people.json<Conversation>(people.get(person, `/conversations/${conversationId}`));

  it('sets and clears hearts: each side sees its own and the other’s', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    const message = await people.json<Message>(sendText(fan, id, 'Love it'), 201);
    const path = `/conversations/${id}/messages/${message.id}/reaction`;

    expect(await people.json<Message>(people.put(creator, path, { reaction: 'heart' }))).toMatchObject({
      reaction: 'heart',
      participantReaction: null,
    });
    const fanSees = (await page(fan, id)).messages.find((m) => m.id === message.id);
    expect(fanSees).toMatchObject({ reaction: null, participantReaction: 'heart' });
    await people.json(people.put(fan, path, { reaction: 'heart' }));
    expect(await people.json<Message>(people.put(creator, path, { reaction: null }))).toMatchObject({
      reaction: null,
      participantReaction: 'heart',
    });
    expect((await people.put(creator, path, { reaction: 'thumbs' })).status).toBe(400);
    expect((await people.put(creator, path, {})).status).toBe(400);
  });

  it('locks the other side’s images until unlocked, on the server, and serves them only to the two', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const stranger = await people.newPerson();
    const id = await openConversation(fan, purchaseId);
    const sent = await people.json<Message>(sendImage(fan, id, await jpegWithGps()), 201);
    expect(sent.image).toMatchObject({ isLocked: false, blurhash: BLURHASH, width: 640, height: 480 });
    const ownImage = await app.request(sent.image?.url as string, { headers: { Cookie: fan.cookie } });
    expect(ownImage.status).toBe(200);
    expect(ownImage.headers.get('content-type')).toBe('image/jpeg');
    const stored = await sharp(new Uint8Array(await ownImage.arrayBuffer())).metadata();
    expect(stored.exif).toBeUndefined();
    const thumb = await app.request(sent.image?.thumbUrl as string, { headers: { Cookie: fan.cookie } });
    expect(await sharp(new Uint8Array(await thumb.arrayBuffer())).metadata()).toMatchObject({
      width: 400,
      height: 200,
    });

    const locked = (await page(creator, id)).messages.find((m) => m.id === sent.id);
    expect(locked?.image).toMatchObject({ isLocked: true, url: null, thumbUrl: null, blurhash: BLURHASH });
    const imagePath = `/api/conversations/${id}/messages/${sent.id}/image`;
    expect((await app.request(imagePath, { headers: { Cookie: creator.cookie } })).status).toBe(404);
    expect((await app.request(imagePath, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    expect((await app.request(imagePath)).status).toBe(401);

    const unlock = `/conversations/${id}/messages/${sent.id}/unlock`;
    expect((await people.post(stranger, unlock)).status).toBe(404);
    const unlocked = await people.json<Message>(people.post(creator, unlock));
    expect(unlocked.image).toMatchObject({ isLocked: false, url: expect.stringContaining(sent.id) });
    expect((await app.request(imagePath, { headers: { Cookie: creator.cookie } })).status).toBe(200);
    // Remembered for the account, so every device sees it unlocked.
    expect((await page(creator, id)).messages.find((m) => m.id === sent.id)?.image?.isLocked).toBe(false);
    expect((await app.request(imagePath, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    // Private files are never served as public media.
    expect((await app.request(`/media/private/conversations/${id}/x.jpg`)).status).toBe(404);
  });

  it('refuses what is not an image, and a bad blurhash, and sends nothing', async () => {
    const { fan, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    const text = await sendImage(fan, id, new TextEncoder().encode('<html>not an image</html>'));
    expect(text.status).toBe(400);
    expect(((await text.json()) as { error: { message: string } }).error.message).toBe('Error uploading file');
    expect((await sendImage(fan, id, await solidImage(20, 20, 'png'), 'short')).status).toBe(400);
    expect((await page(fan, id)).messages).toHaveLength(1);
  });

  it('lets nobody but the two participants read, post, react, unlock or mark read', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const stranger = await people.newPerson({ tokens: 10 });
    const id = await openConversation(fan, purchaseId);
    const message = await people.json<Message>(sendText(creator, id, 'hello'), 201);
    const other = await fanAndCreator();
    const otherId = await openConversation(other.fan, other.purchaseId);
    const otherMessage = await people.json<Message>(sendText(other.fan, otherId, 'elsewhere'), 201);

    const attempts: [string, string, unknown?][] = [
      ['GET', `/conversations/${id}`],
      ['GET', `/conversations/${id}/messages`],
      ['GET', `/conversations/${id}/messages/changes?since=0`],
      ['POST', `/conversations/${id}/messages`, { type: 'text', content: 'hi' }],
      ['PUT', `/conversations/${id}/messages/${message.id}/reaction`, { reaction: 'heart' }],
      ['POST', `/conversations/${id}/messages/${message.id}/unlock`, {}],
      ['POST', `/conversations/${id}/seen`, {}],
      ['GET', `/conversations/${id}/messages/${message.id}/image`],
    ];
    for (const [method, path, body] of attempts) {
      expect((await people.request(stranger, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await people.request(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    // A message of another conversation, through one's own.
    const crossed = `/conversations/${id}/messages/${otherMessage.id}/reaction`;
    expect((await people.put(fan, crossed, { reaction: 'heart' })).status).toBe(404);
    expect((await page(other.fan, otherId)).messages.at(-1)?.participantReaction).toBeNull();
    expect((await page(fan, id)).messages.map((m) => m.content)).toEqual([null, 'hello']);
  });

  it('keeps an anonymous buyer anonymous to the creator', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator({ isAnonymous: true });
    const id = await openConversation(fan, purchaseId);
    await people.json(sendText(fan, id, 'secret admirer'), 201);
    const seen = await conversation(creator, id);
    expect(seen.participant).toBeNull();
    for (const body of [
      await (await people.get(creator, `/conversations/${id}`)).text(),
      await (await people.get(creator, '/conversations')).text(),
      await (await people.get(creator, `/conversations/${id}/messages`)).text(),
    ]) {
      expect(body).not.toContain(fan.id);
      expect(body).not.toContain(fan.handle);
    }
    expect((await conversation(fan, id)).participant).toMatchObject({ id: creator.id });
  });

  it('stops fans from writing when the creator turns messages from fans off', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    await settleChanges(database.db, changes);
    const fanStream = await app.request('/api/events', { headers: { Cookie: fan.cookie } });
    await people.json(people.patch(creator, '/settings', { fansCanMessage: false }));
    // The fan's open screens look again.
    expect(await readEvents(fanStream, 1)).toEqual([{ topic: 'conversations' }]);
    expect((await conversation(fan, id)).sendBlock).toBe('messages_off');
    const refused = await sendText(fan, id, 'hello?');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(CHAT_MESSAGES.messagesOff);
    // The fan still sees the purchase message; the creator can still write.
    expect((await page(fan, id)).messages.map((m) => m.type)).toEqual(['purchase']);
    expect((await sendText(creator, id, 'Thanks!')).status).toBe(201);
    await people.json(people.patch(creator, '/settings', { fansCanMessage: true }));
    expect((await sendText(fan, id, 'hello again')).status).toBe(201);
  });

  it('tells both participants live: new messages, hearts and read state, naming the conversation', async () => {
    const { fan, creator, purchaseId } = await fanAndCreator();
    const id = await openConversation(fan, purchaseId);
    await settleChanges(database.db, changes);
    const creatorStream = await app.request('/api/events', { headers: { Cookie: creator.cookie } });
    const message = await people.json<Message>(sendText(fan, id, 'live?'), 201);
    expect(await readEvents(creatorStream, 2)).toEqual(
      expect.arrayContaining([
        { topic: 'conversations', conversationId: id },
        { topic: 'messages', conversationId: id },
      ]),
    );
    const fanStream = await app.request('/api/events', { headers: { Cookie: fan.cookie } });
    await people.json(
      people.put(creator, `/conversations/${id}/messages/${message.id}/reaction`, { reaction: 'heart' }),
    );
    expect(await readEvents(fanStream, 1)).toEqual([{ topic: 'messages', conversationId: id }]);
    const fanStream2 = await app.request('/api/events', { headers: { Cookie: fan.cookie } });
    await people.post(creator, `/conversations/${id}/seen`);
    expect(await readEvents(fanStream2, 1)).toEqual([{ topic: 'conversations', conversationId: id }]);
  });

  it('reconciles after all of it', async () => {
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });
});
