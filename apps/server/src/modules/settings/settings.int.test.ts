import type { Conversation, Message } from '@sweetwish/shared/conversations';
import type { Settings } from '@sweetwish/shared/settings';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import { seedEarnings } from '../../../test/seed';
import { completeProfile, me, sessionCookie, signInByPhone, uniqueEmail } from '../../../test/sign-in-helpers';
import { type DatabaseHandle, queryRows } from '../../db/client';
import {
  clearDueEarnings,
  earnedAccountId,
  findUserBalances,
  PLATFORM_ACCOUNTS,
  postTransfer,
} from '../ledger/service';
import { solidImage } from '../media/test-images';
import { reconcile } from '../wallet/service';

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

describe.each(databaseKinds())('settings and account on %s', (kind) => {
  let database: DatabaseHandle;
  let harness: Awaited<ReturnType<typeof buildTestApp>>;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    harness = await buildTestApp(database);
    people = peopleOn(harness.app, database);
  });
  afterAll(() => database.close());

  it('starts with everything on, changes what is sent, and refuses what is not a setting', async () => {
    const user = await people.newPerson();
    expect(await people.json<Settings>(people.get(user, '/settings'))).toEqual({
      notifyGifts: true,
      notifyMessages: true,
      fansCanMessage: true,
      notificationChannel: 'sms',
    });
    expect(await people.json<Settings>(people.patch(user, '/settings', { notifyMessages: false }))).toMatchObject({
      notifyGifts: true,
      notifyMessages: false,
    });
    expect(await people.json<Settings>(people.patch(user, '/settings', { fansCanMessage: false }))).toMatchObject({
      notifyMessages: false,
      fansCanMessage: false,
    });
    for (const body of [{}, { notifyGifts: 'no' }, { notificationChannel: 'email' }]) {
      expect((await people.patch(user, '/settings', body)).status).toBe(400);
    }
    expect((await people.get(undefined, '/settings')).status).toBe(401);
    const other = await people.newPerson();
    expect((await people.json<Settings>(people.get(other, '/settings'))).notifyMessages).toBe(true);
  });

  it('sends notifications of e-mail users by e-mail', async () => {
    const email = uniqueEmail();
    await harness.app.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      headers: jsonHeaders({ ip: '198.51.100.8' }),
      body: JSON.stringify({ email, callbackURL: '/email' }),
    });
    const outbox = (await (await harness.app.request('/api/dev/outbox')).json()) as { to: string; text: string }[];
    const link = new URL(outbox.find((m) => m.to === email)?.text.match(/https?:\/\/\S+/)?.[0] as string);
    const token = link.searchParams.get('token') ?? '';
    const verified = await harness.app.request('/api/auth/magic-link/verify', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ token, email }),
    });
    expect(verified.status).toBe(200);
    const cookie = sessionCookie(verified);
    expect(
      (await people.json<Settings>(harness.app.request('/api/settings', { headers: { Cookie: cookie } })))
        .notificationChannel,
    ).toBe('email');
  });

  it('signs a user out of every session at once', async () => {
    const user = await people.newPerson();
    const second = await signInByPhone(harness.app, user.phone);
    expect((await me(harness.app, second)).status).toBe(200);
    expect((await people.post(user, '/account/sign-out-everywhere')).status).toBe(204);
    expect(await (await me(harness.app, user.cookie)).json()).toBeNull();
    expect(await (await me(harness.app, second)).json()).toBeNull();
  });

  it('will not delete an account without confirmation, nor one with money left until it is given up', async () => {
    const user = await people.newPerson({ tokens: 3 });
    const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
    const refused = await people.post(user, '/account/delete', { isConfirmed: true });
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(SETTINGS_MESSAGES.confirmForfeit('3 tokens'));
    // Giving up another amount than what is left does not do.
    expect((await people.post(user, '/account/delete', { isConfirmed: true, forfeitCents: 200 })).status).toBe(409);
    expect((await people.post(user, '/account/delete', {})).status).toBe(400);
    expect((await people.post(user, '/account/delete', { isConfirmed: 'yes' })).status).toBe(400);
    expect((await me(harness.app, user.cookie)).status).toBe(200);
    expect(await people.json(people.get(undefined, `/users/${user.handle}`))).toMatchObject({ id: user.id });

    // Pending earnings: refused until they clear, with the date; cleared ones of 50 tokens or more: withdraw.
    const creator = await people.newPerson();
    expect((await people.post(user, '/tips', { recipientId: creator.id, amount: 3 })).status).toBe(201);
    const pending = await people.post(creator, '/account/delete', { isConfirmed: true });
    expect(pending.status).toBe(409);
    expect(await messageOf(pending)).toMatch(
      /^Some tokens you received are still pending\. .* on [A-Z][a-z]{2} \d+, \d{4}/,
    );
    await seedEarnings(database.db, creator.id, 5000);
    await clearDueEarnings(database.db, { clearingDays: 7, now: new Date(Date.now() + 8 * 86_400_000) });
    const withdraw = await people.post(creator, '/account/delete', { isConfirmed: true });
    expect(await messageOf(withdraw)).toBe(SETTINGS_MESSAGES.withdrawFirst);

    // The fan gives up what is left (none: the 3 tokens were tipped), the creator withdraws all but 2.40.
    expect((await people.post(user, '/account/delete', { isConfirmed: true })).status).toBe(204);
    await emptyWallet(creator.id, 240);
    expect((await people.post(creator, '/account/delete', { isConfirmed: true, forfeitCents: 240 })).status).toBe(204);
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it('deletes an account: personal data and images go, records stay, the handle waits 30 days', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    const photo = await people.json<{ url: string }>(uploadImage(creator.cookie, 'photo'), 201);
    await people.json(people.patch(creator, '/profile', { photoUrl: photo.url, photoHash: BLURHASH }));
    const wishImage = await people.json<{ url: string }>(uploadImage(creator.cookie, 'wish'), 201);
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Lamp', cost: 20, image: wishImage.url, blurhash: BLURHASH }),
      201,
    );
    const { purchaseId } = await people.json<{ purchaseId: string }>(
      people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId }),
    );
    const image = await people.json<Message>(sendImage(creator.cookie, conversationId), 201);
    await people.json(
      people.post(creator, `/conversations/${conversationId}/messages`, { type: 'text', content: 'ty' }),
      201,
    );
    await people.json(people.put(fan, `/creators/${creator.id}/fan-membership`));
    // Earnings must be withdrawn first: here they are moved away as a withdrawal would.
    await emptyWallet(creator.id);

    expect((await people.post(creator, '/account/delete', { isConfirmed: true })).status).toBe(204);

    expect(await (await me(harness.app, creator.cookie)).json()).toBeNull();
    expect((await people.get(undefined, `/users/${creator.handle}`)).status).toBe(404);
    expect((await harness.app.request(photo.url)).status).toBe(404);
    expect((await harness.app.request(wishImage.url)).status).toBe(404);
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select handle, display_name, phone_number, email, photo_url, deleted_at from users where id = ${creator.id}`,
    );
    expect(row).toMatchObject({ handle: null, display_name: null, phone_number: null, photo_url: null });
    expect(String(row?.email)).not.toContain('example.com');
    expect(row?.deleted_at).not.toBeNull();

    // The fan keeps the purchase and the conversation, now with "Anonymous" and no picture.
    const purchase = await people.json<{ product: { name: string; image: string | null } }>(
      people.get(fan, `/purchases/${purchaseId}`),
    );
    expect(purchase.product).toMatchObject({ name: 'Lamp', image: null });
    const conversation = await people.json<Conversation>(people.get(fan, `/conversations/${conversationId}`));
    expect(conversation).toMatchObject({ participant: null, sendBlock: 'account_deleted' });
    const messages = await people.json<{ messages: Message[] }>(
      people.get(fan, `/conversations/${conversationId}/messages`),
    );
    expect(messages.messages.find((m) => m.id === image.id)?.image).toMatchObject({ url: null, thumbUrl: null });
    expect(messages.messages.at(-1)?.content).toBe('ty');
    expect(await people.json(people.get(fan, `/creators/${creator.id}/fan-membership`), 404)).toBeDefined();

    // Nothing can be given to the deleted account.
    const tip = await people.post(fan, '/tips', { recipientId: creator.id, amount: 1 });
    expect(tip.status).toBe(404);
    // The handle is held for 30 days: nobody else can take it.
    const newcomer = await signInByPhone(harness.app);
    const taken = await completeProfile(harness.app, newcomer, { handle: creator.handle, displayName: 'New Person' });
    expect(taken.status).toBe(409);
    // The phone number can start a new, empty account.
    const again = await signInByPhone(harness.app, creator.phone);
    const fresh = (await (await me(harness.app, again)).json()) as { id: string; handle: string | null };
    expect(fresh.id).not.toBe(creator.id);
    expect(fresh.handle).toBeNull();
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  it.skipIf(kind !== 'postgres')('never leaves money in a deleted account when gifts race the deletion', async () => {
    for (let round = 0; round < 8; round++) {
      const creator = await people.newPerson();
      const fans = await Promise.all(Array.from({ length: 5 }, () => people.newPerson({ tokens: 10 })));
      // Each round lets the tips start a little later, so some rounds the deletion wins and some it loses.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const results = await Promise.all([
        people.post(creator, '/account/delete', { isConfirmed: true }),
        ...fans.map((fan, i) =>
          later(round * 2 + i).then(() => people.post(fan, '/tips', { recipientId: creator.id, amount: 2 })),
        ),
      ]);
      const [deletion, ...tips] = results as [Response, ...Response[]];
      const [wallet] = await queryRows<{ balance_cents: string; closed_at: Date | null }>(
        database.db,
        sql`select sum(balance_cents) as balance_cents, min(closed_at) as closed_at from ledger_accounts
          where user_id = ${creator.id}`,
      );
      if (deletion.status === 204) {
        expect(wallet).toMatchObject({ balance_cents: '0' });
        expect(wallet?.closed_at).not.toBeNull();
      } else {
        expect(deletion.status).toBe(409);
        expect(Number(wallet?.balance_cents)).toBeGreaterThan(0);
      }
      expect(tips.every((t) => t.status === 201 || t.status === 404)).toBe(true);
    }
    expect(await reconcile(database.db)).toEqual({ isOk: true, lines: ['ok'] });
  });

  function uploadImage(cookie: string, kind: 'photo' | 'wish') {
    return solidImage(300, 300, 'png').then((bytes) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'image.png');
      form.append('kind', kind);
      return harness.app.request('/api/media/images', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: jsonHeaders().Origin as string },
        body: form,
      });
    });
  }

  async function sendImage(cookie: string, conversationId: string) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await solidImage(50, 50, 'png'))]), 'x.png');
    form.append('blurhash', BLURHASH);
    return harness.app.request(`/api/conversations/${conversationId}/images`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: jsonHeaders().Origin as string },
      body: form,
    });
  }

  /** Clears a creator's earnings and moves them out but `keepCents`, as a paid withdrawal would. */
  async function emptyWallet(userId: string, keepCents = 0) {
    await clearDueEarnings(database.db, { clearingDays: 7, now: new Date(Date.now() + 8 * 86_400_000) });
    const cents = (await findUserBalances(database.db, userId)).availableCents - keepCents;
    if (cents <= 0) return;
    await postTransfer(database.db, {
      kind: 'withdrawal',
      idempotencyKey: `test-withdrawal:${userId}:${cents}`,
      entries: [
        { accountId: earnedAccountId(userId), amountCents: -cents },
        { accountId: PLATFORM_ACCOUNTS.payout, amountCents: cents },
      ],
    });
  }
});
