import type { GiftMessageSettings, WallEntry, WallPage } from '@sweetwish/shared/gift-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, UNLIMITED_WRITES } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

// The supporters wall of /{handle} (decision 101): who may see and hide what, its pages, and anonymity.
describe.each(databaseKinds())('the supporters wall on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database, { writePolicy: UNLIMITED_WRITES })).app, database);
  });
  afterAll(() => database.close());

  const tip = async (fan: Person, creator: Person, body: Record<string, unknown> = {}) =>
    (
      await people.json<{ tipId: string }>(
        people.post(fan, '/tips', { recipientId: creator.id, amount: 5, ...body }),
        201,
      )
    ).tipId;
  const wall = (creator: Person, query = '', viewer?: Person) =>
    people.json<WallPage>(people.get(viewer, `/users/${creator.handle}/wall${query}`));
  const turnOn = (creator: Person, settings: Record<string, unknown> = {}) =>
    people.json<GiftMessageSettings>(people.patch(creator, '/gift-messages/settings', { isWallOn: true, ...settings }));
  const hide = (person: Person | undefined, id: string) => people.post(person, `/gift-messages/${id}/hide`);

  /** Every entry, a page of `limit` at a time, following the cursors to the end. */
  async function everyPage(creator: Person, limit: number) {
    const entries: WallEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: WallPage = await wall(creator, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      entries.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return entries;
  }

  it('lists gifts and tips newest first once turned on, with only the messages the creator let show', async () => {
    const fan = await people.newPerson({ tokens: 200 });
    const creator = await people.newPerson();
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Desk lamp', cost: 20 }),
      201,
    );
    await tip(fan, creator, { message: 'first' });
    await tip(fan, creator);
    await people.json(
      people.post(fan, '/purchases', { sellerId: creator.id, productId: wish.id, message: 'For your desk' }),
      201,
    );
    await tip(fan, creator, { message: 'a bitch of a day' });
    expect(await wall(creator)).toEqual({ items: [], nextCursor: null });

    const { controlSecret } = await turnOn(creator);
    const entries = (await wall(creator)).items;
    expect(entries.map(({ kind, wishName, message }) => ({ kind, wishName, message }))).toEqual([
      { kind: 'tip', wishName: null, message: null },
      { kind: 'gift', wishName: 'Desk lamp', message: 'For your desk' },
      { kind: 'tip', wishName: null, message: null },
      { kind: 'tip', wishName: null, message: 'first' },
    ]);
    expect(new Set(entries.map((entry) => entry.name))).toEqual(new Set([expect.stringMatching(/^Person \d+$/)]));

    // The held message shows once the creator approves it from the control page, not before.
    const held = entries[0]?.id ?? '';
    await people.json(
      people.post(undefined, `/overlay-control/${controlSecret}`, { action: 'approve', purchaseId: held }),
    );
    expect((await wall(creator)).items[0]).toMatchObject({ id: held, message: 'a bitch of a day' });

    await turnOn(creator, { isWallOn: false });
    expect((await wall(creator)).items).toEqual([]);
  });

  it('pages by cursor with neither a repeat nor a gap, and refuses a cursor it did not make', async () => {
    const fans = await Promise.all([1, 2, 3].map(() => people.newPerson({ tokens: 100 })));
    const creator = await people.newPerson();
    // Tips at the same moment from several fans: the id breaks the tie between equal times.
    await Promise.all(
      fans.flatMap((fan, i) => [tip(fan, creator, { message: `a${i}` }), tip(fan, creator, { message: `b${i}` })]),
    );
    await tip(fans[0] as Person, creator, { message: 'last' });
    await turnOn(creator);
    const whole = (await wall(creator)).items;
    expect(whole).toHaveLength(7);
    expect(whole[0]?.message).toBe('last');
    expect([...whole].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(whole);
    for (const limit of [1, 2, 3, 7]) expect(await everyPage(creator, limit)).toEqual(whole);
    expect((await people.get(undefined, `/users/${creator.handle}/wall?cursor=bm90LWEtY3Vyc29y`)).status).toBe(400);
    expect((await people.get(undefined, `/users/${creator.handle}/wall?limit=101`)).status).toBe(400);
    expect((await people.get(undefined, '/users/nobody_by_this_name/wall')).status).toBe(404);
  });

  it('names an anonymous fan "Anonymous" everywhere on it, keeping the message', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    await tip(fan, creator, { message: 'from a secret fan', isAnonymous: true });
    await turnOn(creator);
    const page = await wall(creator);
    expect(page.items).toEqual([expect.objectContaining({ name: 'Anonymous', message: 'from a secret fan' })]);
    const answer = JSON.stringify(page);
    const { displayName } = await people.json<{ displayName: string }>(people.get(undefined, `/users/${fan.handle}`));
    for (const trace of [fan.id, fan.handle, displayName]) expect(answer).not.toContain(trace);
  });

  it('lets only the creator hide an entry, which then leaves the wall for everyone', async () => {
    const fan = await people.newPerson({ tokens: 100 });
    const creator = await people.newPerson();
    const otherCreator = await people.newPerson();
    const kept = await tip(fan, creator, { message: 'keep me' });
    const hidden = await tip(fan, creator, { message: 'hide me' });
    await turnOn(creator);

    expect((await hide(undefined, hidden)).status).toBe(401);
    expect((await hide(fan, hidden)).status).toBe(404);
    expect((await hide(otherCreator, hidden)).status).toBe(404);
    expect((await hide(creator, 'no-such-gift')).status).toBe(404);
    expect((await wall(creator)).items.map((entry) => entry.id)).toEqual([hidden, kept]);

    expect((await hide(creator, hidden)).status).toBe(204);
    expect((await hide(creator, hidden)).status).toBe(204);
    for (const viewer of [undefined, fan, creator, otherCreator]) {
      expect((await wall(creator, '', viewer)).items.map((entry) => entry.id)).toEqual([kept]);
    }
    // The creator still has the gift and its message among the received items.
    const received = await people.json<{ message: string | null }>(people.get(creator, `/received/${hidden}`));
    expect(received.message).toBe('hide me');
  });
});
