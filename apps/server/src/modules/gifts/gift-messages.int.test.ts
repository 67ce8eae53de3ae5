import type { Message } from '@sweetwish/shared/conversations';
import type { ControlQueue, GiftMessageSettings } from '@sweetwish/shared/gift-messages';
import type { OverlayAlert, OverlaySettings } from '@sweetwish/shared/overlay';
import type { ReceivedItem } from '@sweetwish/shared/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type SseEvent, sseReader } from '../../../test/overlay-sse';
import { type Person, peopleOn } from '../../../test/people';
import { settleChanges } from '../../../test/sse';
import { type DatabaseHandle, queryRows } from '../../db/client';

type Built = Awaited<ReturnType<typeof buildTestApp>>;
const alertOf = (e: SseEvent | undefined) => JSON.parse(e?.data ?? 'null') as OverlayAlert;

describe.each(databaseKinds())('messages with gifts on %s', (kind) => {
  let database: DatabaseHandle;
  let built: Built;
  let people: ReturnType<typeof peopleOn>;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    built = await buildTestApp(database, { writePolicy: UNLIMITED_WRITES });
    people = peopleOn(built.app, database);
  });
  afterAll(() => database.close());

  const tip = (fan: Person, creator: Person, body: Record<string, unknown> = {}) =>
    people.post(fan, '/tips', { recipientId: creator.id, amount: 5, ...body });
  const tipId = async (res: Promise<Response> | Response) => (await people.json<{ tipId: string }>(res, 201)).tipId;
  const received = (creator: Person, id: string) => people.json<ReceivedItem>(people.get(creator, `/received/${id}`));
  const messageSettings = (creator: Person, body?: Record<string, unknown>) =>
    people.json<GiftMessageSettings>(
      body ? people.patch(creator, '/gift-messages/settings', body) : people.get(creator, '/gift-messages/settings'),
    );
  async function openOverlay(secret: string) {
    await settleChanges(database.db, built.changes);
    const res = await built.app.request(`/api/overlay/${secret}/events`);
    expect(res.status).toBe(200);
    const reader = sseReader(res);
    expect(await reader.next((e) => e.event === 'ready')).toBeDefined();
    return reader;
  }
  const shown = (secret: string, body: Record<string, unknown>) =>
    built.app.request(`/api/overlay/${secret}/shown`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5172' },
      body: JSON.stringify(body),
    });
  const control = (secret: string, body?: Record<string, unknown>) =>
    people.json<ControlQueue>(
      body
        ? people.post(undefined, `/overlay-control/${secret}`, body)
        : people.get(undefined, `/overlay-control/${secret}`),
    );

  it('keeps a trimmed message with a tip and shows it to the creator, anonymous or not', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const id = await tipId(tip(fan, creator, { message: '  Loved the <b>stream</b> https://x.test  ' }));
    expect(await received(creator, id)).toMatchObject({ message: 'Loved the <b>stream</b> https://x.test' });
    const anonymous = await tipId(tip(fan, creator, { message: 'from a secret fan', isAnonymous: true }));
    expect(await received(creator, anonymous)).toMatchObject({ message: 'from a secret fan', buyer: null });
    const none = await tipId(tip(fan, creator, { message: '   ' }));
    expect(await received(creator, none)).toMatchObject({ message: null });
  });

  it('carries a group-gift contribution’s message to its share of the gift when the wish is funded', async () => {
    const fanA = await people.newPerson({ tokens: 100 });
    const fanB = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Camera', cost: 20, isGroupGift: true }),
      201,
    );
    const give = (fan: Person, body: Record<string, unknown>) =>
      people.json(people.post(fan, `/wishes/${wish.id}/contributions`, body), 201);
    await give(fanA, { amount: 8, message: 'For the camera!' });
    await give(fanB, { amount: 12, isAnonymous: true, message: 'Good luck' });
    const { items } = await people.json<{ items: ReceivedItem[] }>(people.get(creator, '/received'));
    expect(items.map((item) => item.message).sort()).toEqual(['For the camera!', 'Good luck']);
    expect(items.find((item) => item.message === 'Good luck')?.buyer).toBeNull();
  });

  it('keeps a subscription’s message with its first month', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Monthly sketch', cost: 20, type: 'subscription' }),
      201,
    );
    const subscribed = await people.post(fan, '/subscriptions', { wishId: wish.id, message: 'See you monthly' });
    expect(subscribed.status).toBe(201);
    const { items } = await people.json<{ items: ReceivedItem[] }>(people.get(creator, '/received'));
    expect(items).toEqual([expect.objectContaining({ message: 'See you monthly' })]);
  });

  it('refuses a message over 200 characters or with control characters, and charges nothing', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const long = await tip(fan, creator, { message: 'a'.repeat(201) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain('A message can have at most 200 characters');
    const broken = await tip(fan, creator, { message: 'line one\nline two' });
    expect(broken.status).toBe(400);
    expect(JSON.stringify(await broken.json())).toContain('cannot contain line breaks or control characters');
    expect((await tip(fan, creator, { message: 'a'.repeat(200) })).status).toBe(201);
    const wallet = await people.json<{ balanceCents: number }>(people.get(fan, '/wallet'));
    expect(wallet.balanceCents).toBe(9_500);
  });

  it('refuses the message of a fan the creator blocked, and takes no tokens', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    expect((await people.put(creator, `/users/${fan.id}/block`, { refusesGifts: false })).status).toBe(200);
    const res = await tip(fan, creator, { message: 'hello' });
    expect(res.status).toBe(403);
    expect(JSON.stringify(await res.json())).toContain('This creator is not accepting messages from you.');
    expect((await people.json<{ balanceCents: number }>(people.get(fan, '/wallet'))).balanceCents).toBe(10_000);
  });

  it('opens the conversation with the message, and puts it in the webhook payload', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const endpoint = await people.post(creator, '/webhooks/endpoints', {
      url: 'https://hooks.example.com/sweetwish',
      events: ['tip.received'],
    });
    expect(endpoint.status).toBe(201);
    const id = await tipId(tip(fan, creator, { message: 'Thanks for everything' }));
    const bodies = await queryRows<{ body: string }>(
      database.db,
      sql`select body from creator_events where user_id = ${creator.id}`,
    );
    expect(JSON.parse(bodies[0]?.body ?? '{}').data).toMatchObject({ message: 'Thanks for everything' });
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(creator, '/conversations', { type: 'received', purchaseId: id }),
    );
    const { messages } = await people.json<{ messages: Message[] }>(
      people.get(creator, `/conversations/${conversationId}/messages`),
    );
    expect(messages[0]?.purchase).toMatchObject({ message: 'Thanks for everything' });
  });

  it('holds a message with a blocked word, shows it on the overlay once approved, never before', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { secret } = await people.json<OverlaySettings>(people.get(creator, '/overlay/settings'));
    const { controlSecret, blockedWords } = await messageSettings(creator);
    expect(blockedWords).toContain('shit');
    const overlay = await openOverlay(secret);

    await tipId(tip(fan, creator, { message: 'this is sh1t' }));
    expect((await overlay.next((e) => e.event === 'skip'))?.id).toBeDefined();
    const { held } = await control(controlSecret);
    expect(held).toEqual([expect.objectContaining({ message: 'this is sh1t', amountCents: 500 })]);

    await tipId(tip(fan, creator, { message: 'Great stream' }));
    const cleanAlert = await overlay.next((e) => e.event === 'alert');
    expect(alertOf(cleanAlert)).toMatchObject({ message: 'Great stream' });
    expect((await shown(secret, { seq: Number(cleanAlert?.id) })).status).toBe(204);
    // "Replay Last" sends the last alert shown again, marked a replay, with no id to report.
    await control(controlSecret, { action: 'replay-last' });
    const replay = await overlay.next((e) => e.event === 'alert');
    expect(replay?.id).toBeUndefined();
    expect(alertOf(replay)).toMatchObject({ message: 'Great stream', isReplay: true });
    // A number past the creator's latest gift is refused: it would make a restart skip gifts to come.
    expect((await shown(secret, { seq: Number(cleanAlert?.id) + 100 })).status).toBe(404);

    const after = await control(controlSecret, { action: 'approve', purchaseId: held[0]?.purchaseId });
    expect(after.held).toEqual([]);
    const approved = alertOf(await overlay.next((e) => e.event === 'alert'));
    expect(approved).toMatchObject({ message: 'this is sh1t', approvedId: held[0]?.purchaseId });
    expect((await shown(secret, { purchaseId: held[0]?.purchaseId })).status).toBe(204);
    overlay.close();
    // Reopened, the overlay is not sent the approved message it showed.
    const reopened = await openOverlay(secret);
    expect(await reopened.next((e) => e.event === 'alert', 500)).toBeUndefined();
    reopened.close();
    // A second approval of the same message finds nothing waiting.
    const again = await people.post(undefined, `/overlay-control/${controlSecret}`, {
      action: 'approve',
      purchaseId: held[0]?.purchaseId,
    });
    expect(again.status).toBe(404);
  });

  it('holds every message when asked, and the control page pauses, skips and replays', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const { secret } = await people.json<OverlaySettings>(people.get(creator, '/overlay/settings'));
    const { controlSecret } = await messageSettings(creator, { holdEveryMessage: true, isSpeechOn: true });
    const overlay = await openOverlay(secret);
    await tipId(tip(fan, creator, { message: 'kind words' }));
    expect((await control(controlSecret)).held).toHaveLength(1);
    expect((await control(controlSecret, { action: 'pause' })).isPaused).toBe(true);
    const state = await overlay.next((e) => e.event === 'state' && JSON.parse(e.data).isPaused === true);
    expect(JSON.parse(state?.data ?? '{}').speech).toMatchObject({ volume: 80, maxSeconds: 15 });
    await control(controlSecret, { action: 'skip-current' });
    expect(await overlay.next((e) => e.event === 'skip-current')).toBeDefined();
    const rejected = (await control(controlSecret)).held[0]?.purchaseId;
    expect((await control(controlSecret, { action: 'reject', purchaseId: rejected })).held).toEqual([]);
    expect(await overlay.next((e) => e.event === 'alert', 500)).toBeUndefined();
    expect((await people.get(undefined, `/overlay-control/${'x'.repeat(43)}`)).status).toBe(404);
    overlay.close();
  });

  // The same SQL on both databases: run once, on PostgreSQL when the run has it (where tips really run at
  // once), else on PGlite. It took 55 s on PostgreSQL and 87-125 s on PGlite.
  const isAlertLoadRun = kind === 'postgres' || !databaseKinds().includes('postgres');
  it.runIf(isAlertLoadRun)(
    'shows each of 500 alerts exactly once to an overlay restarted midway',
    async () => {
      const fans = await Promise.all([1, 2, 3, 4].map(() => people.newPerson({ tokens: 5_000 })));
      const creator = await people.newPerson();
      const { secret } = await people.json<OverlaySettings>(people.get(creator, '/overlay/settings'));
      const seen: string[] = [];
      let overlay = await openOverlay(secret);
      // Four fans tip at once, 125 tips each.
      const tips = Promise.all(
        fans.map(async (fan, f) => {
          for (let i = 0; i < 125; i++) await tipId(tip(fan, creator, { amount: 1, message: `tip ${f}-${i}` }));
        }),
      );
      /** Shows alerts as the page does: reports each as it begins to show it. */
      async function showSome(count: number) {
        for (let i = 0; i < count; i++) {
          const event = await overlay.next((e) => e.event === 'alert', 20_000);
          if (!event) return;
          seen.push(alertOf(event).message ?? '');
          expect((await shown(secret, { seq: Number(event.id) })).status).toBe(204);
        }
      }
      await showSome(200);
      // The overlay goes away with alerts it was sent but did not show, and comes back without a resume point.
      await overlay.next((e) => e.event === 'alert', 50);
      overlay.close();
      await tips;
      overlay = await openOverlay(secret);
      await showSome(300);
      overlay.close();
      expect(seen).toHaveLength(500);
      expect(new Set(seen).size).toBe(500);
    },
    240_000,
  );
});
