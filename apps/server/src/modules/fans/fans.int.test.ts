import type { Fan, FanMembership } from '@sweetwish/shared/fans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
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

    const fans = await people.json<Fan[]>(people.get(creator, '/fans'));
    expect(fans).toEqual([
      {
        fan: { id: fan.id, handle: fan.handle, displayName: expect.any(String), photoUrl: null },
        // The anonymous tip stays anonymous: 7 + 3.
        totalGivenCents: 1000,
        since: expect.any(String),
      },
    ]);
    expect(await people.json<Fan[]>(people.get(fan, '/fans'))).toEqual([]);
    expect(await people.json<Fan[]>(people.get(stranger, '/fans'))).toEqual([]);

    expect(await people.json<FanMembership>(people.delete(fan, membership(creator.id)))).toEqual({
      canJoin: true,
      isMember: false,
    });
    expect(await people.json<Fan[]>(people.get(creator, '/fans'))).toEqual([]);
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
