import type { InboxPage, InboxUnread } from '@sweetwish/shared/inbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { recordInboxEvent } from './service';

describe.each(databaseKinds())('the inbox on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  const giftEvent = (person: Person, n: number) =>
    recordInboxEvent(database.db, {
      userId: person.id,
      eventKey: `test:${n}`,
      kind: 'gift',
      text: `Gift number ${n}.`,
      path: `/received/item/p${n}`,
    });
  const list = (person: Person | undefined, query = '') => people.get(person, `/inbox${query}`);
  const unread = async (person: Person) =>
    (await people.json<InboxUnread>(people.get(person, '/inbox/unread'))).unreadCount;

  it('lists only the signed-in user’s own events, newest first, and nothing to a visitor', async () => {
    const [ana, bo] = [await people.newPerson(), await people.newPerson()];
    await giftEvent(ana, 1);
    await giftEvent(ana, 2);
    await giftEvent(bo, 3);
    const page = await people.json<InboxPage>(list(ana));
    expect(page.items.map((e) => e.text)).toEqual(['Gift number 2.', 'Gift number 1.']);
    expect(page.items[0]).toMatchObject({ kind: 'gift', path: '/received/item/p2', isRead: false });
    expect(page.nextCursor).toBeNull();
    expect((await list(undefined)).status).toBe(401);
    expect((await people.get(undefined, '/inbox/unread')).status).toBe(401);
    expect((await people.post(undefined, '/inbox/read', { ids: ['x'] })).status).toBe(401);
  });

  it('marks read only the user’s own events: another’s ids change nothing', async () => {
    const [ana, bo] = [await people.newPerson(), await people.newPerson()];
    await giftEvent(ana, 1);
    await giftEvent(bo, 2);
    const anaEvent = (await people.json<InboxPage>(list(ana))).items[0];
    const boEvent = (await people.json<InboxPage>(list(bo))).items[0];
    if (!anaEvent || !boEvent) throw new Error('no events');
    expect(await people.json<InboxUnread>(people.post(bo, '/inbox/read', { ids: [anaEvent.id] }))).toEqual({
      unreadCount: 1,
    });
    expect(await unread(ana)).toBe(1);
    expect(
      await people.json<InboxUnread>(people.post(ana, '/inbox/read', { ids: [anaEvent.id, anaEvent.id] })),
    ).toEqual({ unreadCount: 0 });
    expect((await people.json<InboxPage>(list(ana))).items[0]?.isRead).toBe(true);
    expect(await unread(bo)).toBe(1);
  });

  it('refuses a bad mark-read body or cursor, changing nothing', async () => {
    const ana = await people.newPerson();
    await giftEvent(ana, 1);
    for (const body of [{ ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => `e${i}`) }, {}, { ids: [''] }]) {
      expect((await people.post(ana, '/inbox/read', body)).status).toBe(400);
    }
    expect(await unread(ana)).toBe(1);
    expect((await list(ana, '?cursor=not-a-cursor')).status).toBe(400);
    expect((await list(ana, '?limit=0')).status).toBe(400);
  });

  it('pages with the keyset cursor: every event once, in order, even those written at the same instant', async () => {
    const ana = await people.newPerson();
    for (let n = 1; n <= 7; n++) await giftEvent(ana, n);
    // Four share one time to the microsecond: the id decides between them.
    await database.db.execute(sql`update inbox_events
      set created_at = date_trunc('second', now()) - interval '1 day' + interval '123456 microseconds'
      where user_id = ${ana.id} and event_key in ('test:2', 'test:3', 'test:4', 'test:5')`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page: InboxPage = await people.json<InboxPage>(list(ana, query));
      seen.push(...page.items.map((e) => e.text));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const newestFirst = await queryRows<{ text: string }>(
      database.db,
      sql`select text from inbox_events where user_id = ${ana.id} order by created_at desc, id desc`,
    );
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst.map((r) => r.text));
    expect(seen.slice(0, 3)).toEqual(['Gift number 7.', 'Gift number 6.', 'Gift number 1.']);
    expect(seen.slice(3).sort()).toEqual(['Gift number 2.', 'Gift number 3.', 'Gift number 4.', 'Gift number 5.']);
  });

  it('writes an event once per key: a retried job adds nothing', async () => {
    const ana = await people.newPerson();
    expect(await giftEvent(ana, 1)).toBe(true);
    expect(await giftEvent(ana, 1)).toBe(false);
    const rows = await queryRows<{ key: string; kind: string }>(
      database.db,
      sql`select event_key as key, kind from inbox_events where user_id = ${ana.id} order by event_key`,
    );
    expect(rows).toEqual([{ key: 'test:1', kind: 'gift' }]);
    expect(await unread(ana)).toBe(1);
  });

  it('refuses a link off the site and keeps a long text to its limit', async () => {
    const ana = await people.newPerson();
    const event = { userId: ana.id, eventKey: 'x', kind: 'gift' as const, text: 'Hi', path: '//evil.example/' };
    await expect(recordInboxEvent(database.db, event)).rejects.toThrow(/path on this site/);
    await expect(recordInboxEvent(database.db, { ...event, path: 'https://evil.example/' })).rejects.toThrow();
    await recordInboxEvent(database.db, { ...event, path: '/balance', text: 'a'.repeat(600) });
    const [row] = (await people.json<InboxPage>(list(ana))).items;
    expect(row?.text).toHaveLength(500);
  });

  it('forgets a deleted account’s inbox', async () => {
    const ana = await people.newPerson();
    await giftEvent(ana, 1);
    expect((await people.post(ana, '/account/delete', { isConfirmed: true })).status).toBe(204);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from inbox_events where user_id = ${ana.id}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
