import type { AffiliateEarnings, InvitedCreatorPage } from '@sweetwish/shared/affiliate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';
import { firstAffiliateMonth } from './affiliate';

describe.each(databaseKinds())('the affiliate page on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
  });
  afterAll(() => database.close());

  const tip = (fan: Person, creator: Person, amount: number) =>
    people.json(people.post(fan, '/tips', { recipientId: creator.id, amount, isAnonymous: false }), 201);

  it('lists the creators a user invited with their share of each, and the month’s total, to that user only', async () => {
    const affiliate = await people.newPerson();
    const first = await people.newPerson({ affiliate: affiliate.handle });
    const second = await people.newPerson({ affiliate: affiliate.handle });
    const stranger = await people.newPerson();
    const fan = await people.newPerson({ tokens: 500 });
    await tip(fan, first, 100);
    await tip(fan, first, 50);
    await tip(fan, second, 10);
    await tip(fan, stranger, 100);

    const invited = await people.json<InvitedCreatorPage>(people.get(affiliate, '/affiliate/invited'));
    // Newest first; 2 percent of each gift is the affiliate's (product.md section 1).
    expect(invited.items.map((row) => [row.creator?.handle, row.earnedCents])).toEqual([
      [second.handle, 20],
      [first.handle, 300],
    ]);
    expect(invited.nextCursor).toBeNull();
    const month = new Date().toISOString().slice(0, 7);
    expect(await people.json<AffiliateEarnings>(people.get(affiliate, '/affiliate/earnings'))).toEqual({
      months: [{ month, earnedCents: 320, giftCount: 3 }],
      totalCents: 320,
    });

    // Nobody else sees them: the stranger invited no one and earned nothing.
    expect((await people.json<InvitedCreatorPage>(people.get(stranger, '/affiliate/invited'))).items).toEqual([]);
    expect(await people.json<AffiliateEarnings>(people.get(stranger, '/affiliate/earnings'))).toEqual({
      months: [],
      totalCents: 0,
    });
    expect((await people.get(undefined, '/affiliate/earnings')).status).toBe(401);
    expect((await people.get(undefined, '/affiliate/invited')).status).toBe(401);
  });

  it('pages the invited creators with the keyset cursor', async () => {
    const affiliate = await people.newPerson();
    const invitees = [];
    for (let i = 0; i < 3; i++) invitees.push(await people.newPerson({ affiliate: affiliate.handle }));
    const first = await people.json<InvitedCreatorPage>(people.get(affiliate, '/affiliate/invited?limit=2'));
    expect(first.items).toHaveLength(2);
    const second = await people.json<InvitedCreatorPage>(
      people.get(affiliate, `/affiliate/invited?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((row) => row.creator?.handle)).toEqual(
      invitees.map((p) => p.handle).reverse(),
    );
  });

  it('counts twelve months, this one included', () => {
    expect(firstAffiliateMonth(new Date('2026-12-05T10:00:00Z'))).toBe('2026-01-01T00:00:00');
    expect(firstAffiliateMonth(new Date('2026-03-31T23:00:00Z'))).toBe('2025-04-01T00:00:00');
  });
});
