import type { OverlayAlert, OverlaySettings, OverlayState } from '@sweetwish/shared/overlay';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, UNLIMITED_WRITES } from '../../../test/app-harness';
import { createFreshPostgresDatabase, databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type SseEvent, sseReader } from '../../../test/overlay-sse';
import { type Person, peopleOn } from '../../../test/people';
import { settleChanges } from '../../../test/sse';
import { type DatabaseHandle, openPostgres, queryRows } from '../../db/client';
import { loggedPath } from '../../http/request-log';
import { recordGoalReached } from './goal';

type Built = Awaited<ReturnType<typeof buildTestApp>>;

const isAlert = (e: SseEvent) => e.event === 'alert';
const isGift = (e: SseEvent) => e.event === 'alert' || e.event === 'skip';
const isState = (e: SseEvent) => e.event === 'state';
const alertOf = (e: SseEvent | undefined) => JSON.parse(e?.data ?? 'null') as OverlayAlert;
const stateOf = (e: SseEvent | undefined) => JSON.parse(e?.data ?? 'null') as OverlayState;

describe.each(databaseKinds())('stream overlay settings, goal and secret on %s', (kind) => {
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

  const settingsOf = (person: Person) => people.json<OverlaySettings>(people.get(person, '/overlay/settings'));
  /** Opens the overlay's stream once every change so far has been heard (so none lands in it late). */
  async function openOverlay(secret: string, lastEventId?: string) {
    await settleChanges(database.db, built.changes);
    const res = await built.app.request(`/api/overlay/${secret}/events`, {
      headers: lastEventId ? { 'Last-Event-ID': lastEventId } : {},
    });
    expect(res.status).toBe(200);
    const reader = sseReader(res);
    const ready = await reader.next((e) => e.event === 'ready');
    expect(ready?.id).toMatch(/^\d+$/);
    return { ...reader, readyId: ready?.id as string };
  }
  const tip = (fan: Person, creator: Person, amount: number, isAnonymous = false) =>
    people.json(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous }), 201);

  it('applies the minimum amount and the show choices on the server; a test alert is marked a test', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 500 });
    const updated = await people.json<OverlaySettings>(
      people.patch(creator, '/overlay/settings', { minTokens: 10, showLeaderboard: false }),
    );
    expect(updated).toMatchObject({ minTokens: 10, showLeaderboard: false, showAlerts: true });
    const overlay = await openOverlay(updated.secret);
    expect(stateOf(await overlay.next(isState)).leaderboard).toBeNull();
    await tip(fan, creator, 5);
    await tip(fan, creator, 12);
    const [under, over] = [await overlay.next(isGift), await overlay.next(isGift)];
    expect(under?.event).toBe('skip');
    expect(alertOf(over)).toMatchObject({ amountCents: 1200 });
    expect(Number(over?.id)).toBe(Number(under?.id) + 1);

    await people.json(people.patch(creator, '/overlay/settings', { showAlerts: false }));
    await tip(fan, creator, 50);
    expect((await overlay.next(isGift))?.event).toBe('skip');

    await people.json(people.patch(creator, '/overlay/settings', { showAlerts: true }));
    expect((await people.post(creator, '/overlay/test-alert')).status).toBe(204);
    const test = await overlay.next(isAlert);
    expect(test?.id).toBeUndefined();
    expect(alertOf(test)).toMatchObject({ isTest: true });
    await overlay.close();
    // Not stored as a gift.
    const received = await people.json<{ items: unknown[] }>(people.get(creator, '/received'));
    expect(received.items).toHaveLength(3);
  });

  it('fills the goal from gifts since its start and marks it reached once', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 500 });
    // The creator's webhook wants goal.reached (decision 032): recorded in the goal's own transaction.
    await people.json(
      people.post(creator, '/webhooks/endpoints', { url: 'http://127.0.0.1:9/goal', events: ['goal.reached'] }),
      201,
    );
    const goalEvents = async () =>
      (
        await queryRows<{ body: string }>(
          database.db,
          sql`select body from creator_events where user_id = ${creator.id} and type = 'goal.reached'`,
        )
      ).map((row) => JSON.parse(row.body));
    await tip(fan, creator, 7); // before the goal: does not count
    const { secret, goal } = await people.json<OverlaySettings>(people.post(creator, '/overlay/goal', { tokens: 10 }));
    expect(goal).toMatchObject({ wishId: null, targetCents: 1000, reachedAt: null });
    const overlay = await openOverlay(secret);
    expect(stateOf(await overlay.next(isState)).goal).toMatchObject({ progressCents: 0, targetCents: 1000 });
    await tip(fan, creator, 6, true);
    expect(stateOf(await overlay.next(isState)).goal).toMatchObject({ progressCents: 600, reachedAt: null });
    await tip(fan, creator, 5);
    const reached = await overlay.next((e) => isState(e) && stateOf(e).goal?.reachedAt !== null);
    expect(stateOf(reached).goal?.progressCents).toBe(1100);
    const { goal: after } = await settingsOf(creator);
    expect(after?.reachedAt).not.toBeNull();
    // Once: asking again marks nothing.
    expect(await recordGoalReached(database.db, creator.id)).toBeUndefined();
    expect((await settingsOf(creator)).goal?.reachedAt).toBe(after?.reachedAt);
    expect(await goalEvents()).toEqual([
      expect.objectContaining({
        type: 'goal.reached',
        data: { wishId: null, targetTokens: 10, startedAt: expect.any(String), reachedAt: after?.reachedAt },
      }),
    ]);
    // The leaderboard: the named fan and "Anonymous", never the fan behind an anonymous gift.
    const board = stateOf(await overlay.next(isState)).leaderboard ?? stateOf(reached).leaderboard;
    expect(board?.map((r) => r.name)).toContain('Anonymous');
    await overlay.close();

    // A wish goal: its price is the target; only one's own wish.
    const wish = await people.json<{ id: string }>(people.post(creator, '/wishes', { name: 'Desk', cost: 25 }), 201);
    const wishGoal = await people.json<OverlaySettings>(people.post(creator, '/overlay/goal', { wishId: wish.id }));
    expect(wishGoal.goal).toMatchObject({ wishId: wish.id, name: 'Desk', targetCents: 2500, reachedAt: null });
    const stranger = await people.newPerson();
    expect((await people.post(stranger, '/overlay/goal', { wishId: wish.id })).status).toBe(404);
    expect((await people.post(creator, '/overlay/goal', { tokens: 0 })).status).toBe(400);

    // A token target with a title: the goal and the overlay's bar are named by it; a line break is refused.
    const titled = await people.json<OverlaySettings>(
      people.post(creator, '/overlay/goal', { tokens: 40, title: '  New microphone ' }),
    );
    expect(titled.goal).toMatchObject({ wishId: null, name: 'New microphone', targetCents: 4000 });
    const titledOverlay = await openOverlay(titled.secret);
    expect(stateOf(await titledOverlay.next(isState)).goal).toMatchObject({ name: 'New microphone' });
    await titledOverlay.close();
    expect((await people.post(creator, '/overlay/goal', { tokens: 40, title: 'Two\nlines' })).status).toBe(400);
    expect((await people.post(creator, '/overlay/goal', { tokens: 40, title: 'x'.repeat(61) })).status).toBe(400);
    const untitled = await people.json<OverlaySettings>(
      people.post(creator, '/overlay/goal', { tokens: 40, title: ' ' }),
    );
    expect(untitled.goal?.name).toBeNull();
  });

  it('regenerating the secret closes the open overlay and the old secret gets 404', async () => {
    const creator = await people.newPerson();
    const { secret } = await settingsOf(creator);
    const overlay = await openOverlay(secret);
    const renewed = await people.json<OverlaySettings>(people.post(creator, '/overlay/secret'));
    expect(renewed.secret).not.toBe(secret);
    expect(await overlay.hasEnded()).toBe(true);
    expect((await built.app.request(`/api/overlay/${secret}/events`)).status).toBe(404);
    expect((await built.app.request(`/api/overlay/${secret}/state`)).status).toBe(404);
    expect((await built.app.request(`/api/overlay/${renewed.secret}/state`)).status).toBe(200);
    expect((await built.app.request('/api/overlay/not-a-secret/events')).status).toBe(404);
  });

  it("lets nobody else read or change a creator's overlay", async () => {
    const creator = await people.newPerson();
    const other = await people.newPerson();
    const mine = await settingsOf(creator);
    expect((await people.get(undefined, '/overlay/settings')).status).toBe(401);
    expect((await people.patch(undefined, '/overlay/settings', { minTokens: 3 })).status).toBe(401);
    expect((await people.post(undefined, '/overlay/secret')).status).toBe(401);
    const theirs = await settingsOf(other);
    expect(theirs.secret).not.toBe(mine.secret);
    await people.json(people.patch(other, '/overlay/settings', { minTokens: 99 }));
    await people.json(people.post(other, '/overlay/secret'));
    expect(await settingsOf(creator)).toEqual(mine);
    expect((await people.patch(creator, '/overlay/settings', { minTokens: -1 })).status).toBe(400);
    expect((await people.patch(creator, '/overlay/settings', {})).status).toBe(400);
    expect(await settingsOf(creator)).toEqual(mine);
  });

  it('never logs the secret', async () => {
    const creator = await people.newPerson();
    const { secret } = await settingsOf(creator);
    await built.app.request(`/api/overlay/${secret}/state`);
    const page = await built.app.request(`/overlay/${secret}`);
    // The page may be framed by the app's own preview only, and its address never goes out as a Referer.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const overlay = await openOverlay(secret);
    await overlay.close();
    const logged = JSON.stringify(built.logLines);
    expect(logged).toContain('/api/overlay/[secret]/state');
    expect(logged).not.toContain(secret);
    expect(loggedPath(`/overlay/${secret}`)).toBe('/overlay/[secret]');
    expect(loggedPath('/api/overlay/settings')).toBe('/api/overlay/settings');
  });
});

describe.skipIf(!databaseKinds().includes('postgres'))('stream overlay across two server instances', () => {
  const handles: DatabaseHandle[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) handles.push(await openPostgres(fresh.url));
    await handles[0]?.migrate();
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop();
  });

  it('shows a gift taken by one instance on an overlay open on the other, and closes it on a new secret', async () => {
    const [one, two] = [handles[0] as DatabaseHandle, handles[1] as DatabaseHandle];
    const writer = await buildTestApp(one, { writePolicy: UNLIMITED_WRITES });
    const reader = await buildTestApp(two, { writePolicy: UNLIMITED_WRITES });
    const people = peopleOn(writer.app, one);
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    const { secret } = await people.json<OverlaySettings>(people.get(creator, '/overlay/settings'));
    await settleChanges(two.db, reader.changes);
    const overlay = sseReader(await reader.app.request(`/api/overlay/${secret}/events`));
    await overlay.next((e) => e.event === 'ready');
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 9 }), 201);
    expect(alertOf(await overlay.next(isAlert, 1000)).amountCents).toBe(900);
    await people.json(people.post(creator, '/overlay/secret'));
    expect(await overlay.hasEnded()).toBe(true);
  });
});
