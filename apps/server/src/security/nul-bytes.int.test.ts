import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders, TEST_ORIGIN } from '../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type Person, peopleOn } from '../../test/people';
import type { DatabaseHandle } from '../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string> } };

const NUL_MESSAGE = 'Text must not contain NUL characters';
const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';

/** A NUL byte anywhere in a request is refused before it reaches the database (PostgreSQL cannot store it). */
describe.each(databaseKinds())('requests with a NUL byte on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  let people: ReturnType<typeof peopleOn>;
  let person: Person;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    // A built web app of one page, so shared-link addresses reach their database lookups.
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<html><head><title>Sweetwish</title></head></html>');
    app = (await buildTestApp(database, { webDistDir })).app;
    people = peopleOn(app, database);
    person = await people.newPerson();
  });
  afterAll(() => database.close());

  async function expectRefused(res: Response, status: 400 | 404, field?: string) {
    expect(res.status).toBe(status);
    const { error } = (await res.json()) as ErrorAnswer;
    if (status === 404) expect(error.code).toBe('NOT_FOUND');
    else expect(error).toEqual({ code: 'VALIDATION', message: NUL_MESSAGE, fields: { [field ?? '']: NUL_MESSAGE } });
  }

  it.each([
    '/api/affiliates/ab%00cd',
    '/api/users/ab%00cd',
    '/api/wishes/%00',
    '/api/conversations/%00/messages',
    '/x/ab%00cd',
    '/ab%00cd',
    '/media/images/users/%00/x.jpg',
  ])('answers 404 to %s', async (address) => {
    await expectRefused(await app.request(address, { headers: { Cookie: person.cookie } }), 404);
  });

  it.each([
    '/api/search/users?q=abc%00',
    '/api/handles/availability?handle=abcd%00',
    '/api/users/someone/wishes?q%00=1',
    '/api/conversations?cursor=%00',
  ])('answers 400 to %s', async (address) => {
    await expectRefused(await app.request(address, { headers: { Cookie: person.cookie } }), 400, 'query');
  });

  it('answers 400 to a JSON body with a NUL in a value or a key, and saves nothing', async () => {
    for (const body of [{ description: 'a\u0000b' }, { displayName: 'Good Name', 'links\u0000': [] }]) {
      await expectRefused(await people.patch(person, '/profile', body), 400, 'body');
    }
    // An escaped backslash before "u0000" is text, not a NUL.
    const literal = await people.patch(person, '/profile', { description: 'C:\\u0000 is fine' });
    expect(literal.status).toBe(200);
    expect(((await literal.json()) as { description: string }).description).toBe('C:\\u0000 is fine');
  });

  it('answers 400 to a sign-in request with a NUL', async () => {
    const res = await app.request('/api/auth/phone-number/verify', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ phoneNumber: `${person.phone}\u0000`, code: '123456' }),
    });
    await expectRefused(res, 400, 'body');
    const link = await app.request('/api/auth/magic-link/verify?token=abc%00&email=a%40example.com');
    await expectRefused(link, 400, 'query');
  });

  it('answers 400 to form fields with a NUL, multipart or URL-encoded', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0, 1, 2])]), 'photo.jpg');
    form.append('blurhash', `${BLURHASH.slice(0, 35)}\u0000`);
    const multipart = await app.request('/api/conversations/anything/images', {
      method: 'POST',
      headers: { Cookie: person.cookie, Origin: TEST_ORIGIN },
      body: form,
    });
    await expectRefused(multipart, 400, 'body');
    const encoded = await app.request('/api/auth/callback/apple', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: TEST_ORIGIN },
      body: 'state=abc%00&code=x',
    });
    await expectRefused(encoded, 400, 'body');
  });

  it('still accepts NUL bytes inside an uploaded file', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([0, 0, 0, 0])]), 'photo.jpg');
    form.append('kind', 'photo');
    const res = await app.request('/api/media/images', {
      method: 'POST',
      headers: { Cookie: person.cookie, Origin: TEST_ORIGIN },
      body: form,
    });
    // Not an image, so refused, but for what it is and not for its bytes.
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).not.toBe(NUL_MESSAGE);
  });
});
