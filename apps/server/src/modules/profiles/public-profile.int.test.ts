import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { completeProfile, me, signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';

type App = Awaited<ReturnType<typeof buildTestApp>>['app'];
let counter = 0;
function uniqueHandle(prefix = 'maker') {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

describe.each(databaseKinds())('public profiles and search on %s', (kind) => {
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    app = (await buildTestApp(database)).app;
  });
  afterAll(() => database.close());

  async function newCreator(displayName = 'Sweet Creator', handle = uniqueHandle()) {
    const cookie = await signInByPhone(app);
    expect((await completeProfile(app, cookie, { handle, displayName })).status).toBe(200);
    const { id } = (await (await me(app, cookie)).json()) as { id: string };
    return { cookie, handle, id };
  }

  function patchProfile(cookie: string | undefined, body: Record<string, unknown>) {
    return app.request('/api/profile', {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify(body),
    });
  }

  it('shows a profile by handle, without regard to case', async () => {
    const creator = await newCreator();
    const res = await app.request(`/api/users/${creator.handle.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: creator.id,
      handle: creator.handle,
      displayName: 'Sweet Creator',
      description: null,
      photoUrl: null,
      photoHash: null,
      bannerUrl: null,
      bannerHash: null,
      links: [],
    });
  });

  it('answers "User Not Found" for an unknown handle', async () => {
    const res = await app.request('/api/users/nobody_here_at_all');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('User Not Found');
  });

  it('leads an old handle to the current profile', async () => {
    const creator = await newCreator();
    const next = uniqueHandle('renamed');
    await app.request('/api/profile/handle', {
      method: 'PUT',
      headers: jsonHeaders({ cookie: creator.cookie }),
      body: JSON.stringify({ handle: next }),
    });
    expect(await (await app.request(`/api/users/${creator.handle}`)).json()).toMatchObject({
      id: creator.id,
      handle: next,
    });
  });

  it('updates the display name, about text and links of the signed-in user only', async () => {
    const creator = await newCreator();
    const res = await patchProfile(creator.cookie, {
      displayName: 'New Name',
      description: 'I like cameras.',
      links: ['https://instagram.com/sweet', 'http://example.com/'],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      displayName: 'New Name',
      description: 'I like cameras.',
      links: ['https://instagram.com/sweet', 'http://example.com/'],
    });
    expect((await patchProfile(undefined, { displayName: 'Hijacker' })).status).toBe(401);
  });

  it.each([
    [{ links: ['javascript:alert(1)'] }, 'links.0'],
    [{ links: ['data:text/html,hi'] }, 'links.0'],
    [{ description: '   ' }, 'description'],
    [{ displayName: 'Bob' }, 'displayName'],
    [{ photoUrl: 'https://evil.example/x.jpg' }, 'photoUrl'],
    [{ handle: 'sneaky_change' }, 'body'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const creator = await newCreator();
    const res = await patchProfile(creator.cookie, body);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields)).toContain(
      field,
    );
    expect(await (await app.request(`/api/users/${creator.handle}`)).json()).toMatchObject({
      displayName: 'Sweet Creator',
      links: [],
    });
  });

  it("refuses a photo from someone else's media folder", async () => {
    const creator = await newCreator();
    expect((await patchProfile(creator.cookie, { photoUrl: '/media/images/users/other/x.jpg' })).status).toBe(400);
  });

  it('takes an image address only in the exact form an upload answers, so it cannot carry CSS or markup', async () => {
    const creator = await newCreator();
    const own = `/media/images/users/${creator.id}`;
    const hostile = [
      `${own}/x.jpg"); } body { display: none } .x { background: url("`,
      `${own}/00000000-0000-4000-8000-000000000000.jpg) no-repeat; color: red`,
      `${own}/../../../api/me`,
      `${own}/x.jpg?a=b`,
      `${own}/x.svg`,
      `${own}/`,
    ];
    for (const url of hostile) {
      for (const field of ['bannerUrl', 'photoUrl']) {
        const res = await patchProfile(creator.cookie, { [field]: url });
        expect(res.status, `${field}: ${url}`).toBe(400);
      }
    }
    const uploaded = `${own}/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;
    expect((await patchProfile(creator.cookie, { bannerUrl: uploaded })).status).toBe(200);
    expect(await (await app.request(`/api/users/${creator.handle}`)).json()).toMatchObject({ bannerUrl: uploaded });
  });

  describe('user search', () => {
    it('finds creators by handle, by any word of the display name, and by any part when nothing else matches', async () => {
      const tag = Date.now().toString(36);
      const exact = await newCreator('Plain Name', `zq${tag}`);
      const byName = await newCreator(`Zq ${tag} Fan`, uniqueHandle('other'));
      const search = async (q: string) =>
        ((await (await app.request(`/api/search/users?q=${q}`)).json()) as { id: string }[]).map((r) => r.id);
      expect((await search(`zq${tag}`))[0]).toBe(exact.id);
      expect(await search(tag)).toEqual([byName.id]);
      expect(await search(`q${tag}`)).toEqual(expect.arrayContaining([exact.id]));
    });

    it('lists names that start with the term before names where a later word does', async () => {
      // Random letters, so no other name or handle (timestamps in base 36) shares a word prefix with it.
      const tag = `w${Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
      const containing = await newCreator(`Ab x${tag}`, uniqueHandle('contains'));
      const laterWord = await newCreator(`Ab ${tag}`, uniqueHandle('later'));
      const starting = await newCreator(`${tag} Zz`, uniqueHandle('first'));
      const search = async (q: string) =>
        ((await (await app.request(`/api/search/users?q=${q}`)).json()) as { id: string }[]).map((r) => r.id);
      expect(await search(tag)).toEqual([starting.id, laterWord.id]);
      expect(await search(`ab ${tag.slice(0, -1)}`)).toEqual([laterWord.id]);
      // Nothing starts with the inner part, so names that merely contain it are found.
      expect(await search(tag.slice(1))).toEqual(expect.arrayContaining([containing.id, laterWord.id, starting.id]));
    });

    it('finds a creator who appeared, or was renamed, after the same search ran (results are cached)', async () => {
      const tag = `n${Array.from({ length: 9 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
      const search = async () =>
        ((await (await app.request(`/api/search/users?q=${tag}`)).json()) as { displayName: string }[]).map(
          (r) => r.displayName,
        );
      expect(await search()).toEqual([]);
      const creator = await newCreator(`${tag} One`);
      expect(await search()).toEqual([`${tag} One`]);
      await patchProfile(creator.cookie, { displayName: `${tag} Two` });
      expect(await search()).toEqual([`${tag} Two`]);
    });

    it('treats _ and % as themselves', async () => {
      const creator = await newCreator('Under Score', `a_b_${Date.now().toString(36)}`);
      const results = (await (
        await app.request(`/api/search/users?q=${encodeURIComponent(creator.handle.slice(0, 4))}`)
      ).json()) as {
        handle: string;
      }[];
      for (const r of results) expect(r.handle.toLowerCase()).toContain(creator.handle.slice(0, 4));
      expect((await (await app.request('/api/search/users?q=%25%25%25')).json()) as unknown[]).toEqual([]);
    });

    it('needs at least 3 characters', async () => {
      expect((await app.request('/api/search/users?q=ab')).status).toBe(400);
    });

    it('never lists users without a complete profile', async () => {
      await signInByPhone(app);
      const results = (await (await app.request('/api/search/users?q=%2B1415')).json()) as unknown[];
      expect(results).toEqual([]);
    });
  });
});
