import type { OverlayAlert, OverlaySettings } from '@sweetwish/shared/overlay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type SseEvent, sseReader } from '../../../test/overlay-sse';
import { type Person, peopleOn } from '../../../test/people';
import { settleChanges } from '../../../test/sse';
import type { DatabaseHandle } from '../../db/client';
import { giftsAfter } from '../gifts/service';

type Built = Awaited<ReturnType<typeof buildTestApp>>;

const isAlert = (e: SseEvent) => e.event === 'alert';
const isGift = (e: SseEvent) => e.event === 'alert' || e.event === 'skip';
const alertOf = (e: SseEvent | undefined) => JSON.parse(e?.data ?? 'null') as OverlayAlert;

describe.each(databaseKinds())('stream overlay alerts on %s', (kind) => {
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

  it('shows a gift on the open overlay within a second: name, amount, the wish and its picture', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 500 });
    const { secret } = await settingsOf(creator);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const wish = await people.json<{ id: string; name: string }>(
      people.post(creator, '/wishes', { name: 'Ring Light', cost: 40 }),
      201,
    );
    const overlay = await openOverlay(secret);
    const started = Date.now();
    await people.json(people.post(fan, '/purchases', { sellerId: creator.id, productId: wish.id }), 201);
    const event = await overlay.next(isAlert, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const fanName = (await people.json<{ displayName: string }>(people.get(undefined, `/users/${fan.handle}`)))
      .displayName;
    expect(alertOf(event)).toEqual({
      kind: 'gift',
      name: fanName,
      amountCents: 4000,
      wish: { name: 'Ring Light', image: null },
      isTest: false,
      message: null,
      approvedId: null,
      isReplay: false,
    });
    await tip(fan, creator, 3, true);
    expect(alertOf(await overlay.next(isAlert, 1000))).toMatchObject({
      kind: 'tip',
      name: 'Anonymous',
      amountCents: 300,
    });
    await overlay.close();
  });

  it('resumes after the last event shown: each gift made meanwhile once, in order', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 500 });
    const { secret } = await settingsOf(creator);
    const first = await openOverlay(secret);
    await tip(fan, creator, 1);
    const shown = await first.next(isAlert);
    expect(alertOf(shown).amountCents).toBe(100);
    await first.close();

    for (const amount of [2, 3, 4]) await tip(fan, creator, amount);
    const second = await openOverlay(secret, shown?.id);
    const missed = [await second.next(isAlert), await second.next(isAlert), await second.next(isAlert)];
    expect(missed.map((e) => alertOf(e).amountCents)).toEqual([200, 300, 400]);
    expect(missed.map((e) => Number(e?.id))).toEqual([1, 2, 3].map((n) => Number(shown?.id) + n));
    // Nothing twice, then the next gift as it comes.
    await tip(fan, creator, 5);
    const rest = (await second.drain(700)).filter(isGift);
    expect(rest.map((e) => alertOf(e).amountCents)).toEqual([500]);
    await second.close();

    // The page's own reconnect (?after=) resumes the same way.
    await tip(fan, creator, 6);
    await settleChanges(database.db, built.changes);
    const third = sseReader(await built.app.request(`/api/overlay/${secret}/events?after=${rest[0]?.id}`));
    expect(alertOf(await third.next(isAlert)).amountCents).toBe(600);
    expect((await third.drain(300)).filter(isGift)).toEqual([]);
    await third.close();
  });

  it('delivers gifts made at the same time by many fans each once, numbered without gaps, in order', async () => {
    const creator = await people.newPerson();
    const fans = await Promise.all([1, 2, 3, 4].map(() => people.newPerson({ tokens: 500 })));
    const { secret } = await settingsOf(creator);
    const overlay = await openOverlay(secret);
    const amounts = Array.from({ length: 24 }, (_, i) => i + 1);
    await Promise.all(amounts.map((amount, i) => tip(fans[i % fans.length] as Person, creator, amount)));
    const received: SseEvent[] = [];
    for (const _ of amounts) received.push((await overlay.next(isAlert)) as SseEvent);
    const ids = received.map((e) => Number(e.id));
    expect(ids).toEqual(ids.map((_, i) => Number(overlay.readyId) + 1 + i));
    expect(received.map((e) => alertOf(e).amountCents / 100).sort((x, y) => x - y)).toEqual(amounts);
    expect((await overlay.drain(300)).filter(isGift)).toEqual([]);
    await overlay.close();
  });

  it("shows a group gift's grant as one alert for all its contributors, and reads a grant whole", async () => {
    const creator = await people.newPerson();
    const fans = await Promise.all([1, 2, 3].map(() => people.newPerson({ tokens: 100 })));
    const { secret } = await settingsOf(creator);
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Espresso Machine', cost: 30, isGroupGift: true }),
      201,
    );
    const overlay = await openOverlay(secret);
    await tip(fans[0] as Person, creator, 1);
    // Four contributions from three fans: the first fan gives twice.
    for (const [fan, amount] of [
      [fans[0], 5],
      [fans[1], 10],
      [fans[2], 10],
      [fans[0], 5],
    ] as const) {
      const body = { amount, isAnonymous: false };
      await people.json(people.post(fan as Person, `/wishes/${wish.id}/contributions`, body), 201);
    }
    expect(alertOf(await overlay.next(isAlert)).amountCents).toBe(100);
    const grant = await overlay.next(isAlert);
    expect(alertOf(grant)).toEqual({
      kind: 'gift',
      name: '3 fans',
      amountCents: 3000,
      wish: { name: 'Espresso Machine', image: null },
      isTest: false,
      // A grant's contributors' messages are their own: the one alert of many fans carries none.
      message: null,
      approvedId: null,
      isReplay: false,
    });
    // Resumes after the grant's last contribution: nothing more of it.
    expect(Number(grant?.id)).toBe(Number(overlay.readyId) + 5);
    expect((await overlay.drain(300)).filter(isGift)).toEqual([]);
    await overlay.close();

    // A read that would cut the grant short leaves it whole for the next read.
    const after = Number(overlay.readyId);
    const first = await giftsAfter(database.db, creator.id, after, 3);
    expect(first.isFull).toBe(true);
    expect(first.gifts.map((g) => [g.type, g.contributors])).toEqual([['tip', 1]]);
    const second = await giftsAfter(database.db, creator.id, after + 1, 4);
    expect(second.gifts.map((g) => [g.seq, g.contributors, g.costCents])).toEqual([[after + 5, 3, 3000]]);
    // A grant longer than a read is read on to its end: still one gift.
    const long = await giftsAfter(database.db, creator.id, after + 1, 2);
    expect(long.gifts.map((g) => [g.seq, g.contributors, g.costCents])).toEqual([[after + 5, 3, 3000]]);
  });
});
