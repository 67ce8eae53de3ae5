import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { peopleOn } from '../../test/people';
import { completeProfile, signInByPhone } from '../../test/sign-in-helpers';
import type { DatabaseHandle } from '../db/client';

const DISPLAY_NAME_CONTROL = 'Remove tabs, line breaks and other control characters';
const ABOUT_ME_CONTROL = 'Only line breaks are allowed: remove tabs and other control characters';

/**
 * Tabs and other control characters are invisible in a field: a name or bio holding one is refused with a
 * message that names them, by the same shared rule the web forms check. Line breaks stay in a bio: the
 * profile shows them, and the shared-link preview folds them into spaces.
 */
describe.each(databaseKinds())('control characters in names and bios on %s', (kind) => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let people: ReturnType<typeof peopleOn>;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
    people = peopleOn(app, database);
  });
  afterAll(() => database.close());

  it('refuses a display name with a tab or a line break, naming them', async () => {
    const cookie = await signInByPhone(app);
    for (const displayName of ['Jane\tDoe', 'Jane Doe\n', 'Jane\u007fDoe']) {
      const res = await completeProfile(app, cookie, { handle: `cc_${Date.now().toString(36)}`, displayName });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { fields: { displayName: DISPLAY_NAME_CONTROL } } });
    }
    const person = await people.newPerson();
    const res = await people.patch(person, '/profile', { displayName: 'Jane\tDoe' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { displayName: DISPLAY_NAME_CONTROL } } });
  });

  it('refuses a bio with a tab or another control character and keeps line breaks', async () => {
    const person = await people.newPerson();
    for (const description of ['Cakes\tand tea', 'Cakes\r\nand tea', 'Cakes\u0007']) {
      const res = await people.patch(person, '/profile', { description });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { fields: { description: ABOUT_ME_CONTROL } } });
    }
    await people.json(people.patch(person, '/profile', { description: 'Cakes\n\nand tea' }));
    const profile = await people.json<{ description: string }>(people.get(undefined, `/users/${person.handle}`));
    expect(profile.description).toBe('Cakes\n\nand tea');
  });
});
