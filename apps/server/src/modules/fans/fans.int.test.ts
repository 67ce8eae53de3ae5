import type { FanMembership, FanPage } from '@sweetwish/shared/fans';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { expectBadPagesRefused, limitsFor, newestFirstIds, readEveryPage, TIED_TIMES } from '../../../test/paging';
import { peopleOn } from '../../../test/people';
import { seedUser } from '../../../test/seed';
import type { DatabaseHandle } from '../../db/client';
import { FAN_MESSAGES } from './service';

describe.each(databaseKinds())('the fan base on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  const membership = (path: string) => `/creators/${path}/fan-membership`;

  it('lets only someone who rewarded the creator join, and the creator sees them with what they gave', async () => {
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 100 });
    const stranger = await people.newPerson({ tokens: 100 });

    expect(await people.json<FanMembership>(people.get(fan, membership(creator.id)))).toEqual({
      canJoin: false,
      isMember: false,
    });
    const refused = await people.put(stranger, membership(creator.id));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(FAN_MESSAGES.notAFan);

    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 7 }), 201);
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 5, isAnonymous: true }), 201);
    await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount: 3 }), 201);
    expect(await people.json<FanMembership>(people.put(fan, membership(creator.id)))).toEqual({
      canJoin: true,
      isMember: true,
    });
    // Joining twice is joining once.
    await people.json(people.put(fan, membership(creator.id)));

    const fans = await people.json<FanPage>(people.get(creator, '/fans'));
    expect(fans.nextCursor).toBeNull();
    expect(fans.items).toEqual([
      {
        fan: { id: fan.id, handle: fan.handle, displayName: expect.any(String), photoUrl: null },
        // The anonymous tip stays anonymous: 7 + 3.
        totalGivenCents: 1000,
        since: expect.any(String),
      },
    ]);
    expect(await people.json<FanPage>(people.get(fan, '/fans'))).toEqual({ items: [], nextCursor: null });
    expect(await people.json<FanPage>(people.get(stranger, '/fans'))).toEqual({ items: [], nextCursor: null });

    expect(await people.json<FanMembership>(people.delete(fan, membership(creator.id)))).toEqual({
      canJoin: true,
      isMember: false,
    });
    expect((await people.json<FanPage>(people.get(creator, '/fans'))).items).toEqual([]);
  });

  it('pages the fans newest first across joins at the same instant, without repeats or gaps', async () => {
    const creator = await people.newPerson();
    const fans = [];
    // In SQL: a Date keeps milliseconds only, and two of these times differ by a microsecond.
    for (const at of TIED_TIMES) {
      const { id } = await seedUser(database.db);
      await database.db.execute(
        sql`insert into fan_memberships (creator_id, fan_id, joined_at) values (${creator.id}, ${id}, ${at}::timestamptz)`,
      );
      fans.push({ id, at });
    }
    const expected = newestFirstIds(fans);

    for (const limit of limitsFor(fans.length)) {
      const seen = await readEveryPage<{ fan: { id: string } }>((q) => people.get(creator, `/fans${q}`), limit);
      expect(seen.map((f) => f.fan.id)).toEqual(expected);
    }
    // Nobody else's fans leak into the pages.
    const other = await people.newPerson();
    expect(await readEveryPage((q) => people.get(other, `/fans${q}`), 2)).toEqual([]);
  });

  it('refuses a bad cursor or limit with a 400 naming it', async () => {
    const creator = await people.newPerson();
    await expectBadPagesRefused((q) => people.get(creator, `/fans${q}`));
  });

  it('refuses a creator joining their own fan base, an unknown creator, and anyone signed out', async () => {
    const creator = await people.newPerson();
    expect((await people.put(creator, membership(creator.id))).status).toBe(403);
    expect((await people.put(creator, membership('nobody'))).status).toBe(404);
    expect((await people.get(creator, membership('nobody'))).status).toBe(404);
    expect((await people.get(undefined, '/fans')).status).toBe(401);
    expect((await people.put(undefined, membership(creator.id))).status).toBe(401);
  });
});
