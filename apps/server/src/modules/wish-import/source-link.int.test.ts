import type { Wish, WishPage } from '@sweetwish/shared/wishes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import type { DatabaseHandle } from '../../db/client';

// A wish keeps the store page it was read from; fans see it only when the creator chooses (decision 110).
describe.each(databaseKinds())('a wish’s store link on %s', (kind) => {
  let database: DatabaseHandle;
  let people: ReturnType<typeof peopleOn>;
  let creator: Person;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    people = peopleOn((await buildTestApp(database)).app, database);
    creator = await people.newPerson();
  });
  afterAll(() => database.close());

  const newWish = (fields: Record<string, unknown>) =>
    people.json<Wish>(people.post(creator, '/wishes', { name: 'Linen throw', cost: 149, ...fields }), 201);
  const fanView = async (id: string) => (await people.json<WishPage>(people.get(undefined, `/wishes/${id}`))).wish;

  it('is kept unseen until the creator shows it, and then everyone sees it', async () => {
    const link = 'https://fernandfield.example/products/linen-throw-blanket';
    const hidden = await newWish({ sourceUrl: link });
    expect(hidden).toMatchObject({ sourceUrl: null, showSourceLink: false });
    expect(await fanView(hidden.id)).toMatchObject({ sourceUrl: null });
    const shown = await people.json<Wish>(people.patch(creator, `/wishes/${hidden.id}`, { showSourceLink: true }));
    expect(shown).toMatchObject({ sourceUrl: link, showSourceLink: true });
    expect(await fanView(hidden.id)).toMatchObject({ sourceUrl: link });
    expect(await newWish({ sourceUrl: link, showSourceLink: true })).toMatchObject({ sourceUrl: link });
  });

  it('must be an http(s) address, and nothing is saved otherwise', async () => {
    for (const sourceUrl of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'not a link',
      `https://a.example/${'x'.repeat(2000)}`,
    ]) {
      const answer = await people.post(creator, '/wishes', { name: 'Bad link', cost: 30, sourceUrl });
      expect(answer.status, sourceUrl).toBe(400);
    }
    const list = await people.json<Wish[]>(people.get(undefined, `/users/${creator.id}/wishes`));
    expect(list.some((wish) => wish.name === 'Bad link')).toBe(false);
  });
});
