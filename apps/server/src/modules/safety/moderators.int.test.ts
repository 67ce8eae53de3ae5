import type { Roles } from '@sweetwish/shared/safety';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { peopleOn } from '../../../test/people';
import { me, signInByEmail, signInByPhone, uniqueEmail } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

// Issue 46, item 3: a moderator is named by what cannot be taken from them: a user id or a verified e-mail
// address. A handle is refused at start-up (config.test.ts), as whoever claims a free handle would moderate.
describe.each(databaseKinds())('who moderates on %s', (kind) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  const rolesOf = async (app: Awaited<ReturnType<typeof buildTestApp>>['app'], cookie: string) =>
    (await (await app.request('/api/me/roles', { headers: { Cookie: cookie } })).json()) as Roles;

  it('is the account of a named user id or verified e-mail address, and nobody else', async () => {
    // Accounts first, on an app that names nobody; then the app as configured with their ids and address.
    const first = await buildTestApp(database);
    const byIdCookie = await signInByPhone(first.app);
    const byId = (await (await me(first.app, byIdCookie)).json()) as { id: string };
    const email = uniqueEmail();
    const { app } = await buildTestApp(database, { env: { MODERATORS: `id:${byId.id}, ${email.toUpperCase()}` } });
    const byEmailCookie = await signInByEmail(app, email);
    expect(await rolesOf(app, byIdCookie)).toEqual({ isModerator: true });
    expect(await rolesOf(app, byEmailCookie)).toEqual({ isModerator: true });
    // Anyone else moderates nothing, and is answered as if the routes did not exist.
    const people = peopleOn(app, database);
    const other = await people.newPerson();
    expect(await rolesOf(app, other.cookie)).toEqual({ isModerator: false });
    expect((await people.get(other, '/moderation/reports')).status).toBe(404);
    expect((await app.request('/api/moderation/reports', { headers: { Cookie: byEmailCookie } })).status).toBe(200);
  });
});
