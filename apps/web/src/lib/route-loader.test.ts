import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileOptions, profileQueryKey, wishListQueryKey } from '../components/profiles/profile-queries';
import { stubFetch } from '../test-support/stub-fetch';
import { pagedListOptions } from './paged-list';
import { queryClient } from './query-client';
import { loadQueries, loadSignedInQueries } from './route-loader';
import { ME_QUERY_KEY } from './session';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const profile = { id: 'u1', handle: 'ana', displayName: 'Ana' };

describe('route loaders', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it("ask for the session and the screen's data at once, and fill the cache the screen reads", async () => {
    // No answer leaves before both requests are out: a loader that waited for one before the other hangs.
    let bothAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      bothAsked = resolve;
    });
    const calls = stubFetch(async (url) => {
      if (calls.length === 2) bothAsked();
      await asked;
      if (url === '/api/me') return json(null);
      return json({ profile, wishes: [{ id: 'w1' }] });
    });
    await expect(loadQueries(profileOptions('Ana'))).resolves.toBeNull();
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/me', '/api/users/Ana/page']);
    // One key per resource: the profile under its handle, and the public wishlist the same answer held.
    expect(queryClient.getQueryData(profileQueryKey('ana'))).toEqual(profile);
    expect(queryClient.getQueryData(wishListQueryKey('u1', false))).toEqual([{ id: 'w1' }]);
  }, 2000);

  it('leave a failure in the cache for the screen to show, without throwing', async () => {
    stubFetch((url) =>
      url === '/api/me' ? json(null) : json({ error: { code: 'NOT_FOUND', message: 'User Not Found' } }, 404),
    );
    await expect(loadQueries(profileOptions('nobody'))).resolves.toBeNull();
    expect(queryClient.getQueryState(profileQueryKey('nobody'))).toMatchObject({
      status: 'error',
      error: { status: 404, message: 'User Not Found' },
    });
  });

  it("ask a visitor for no signed-in user's data", async () => {
    const calls = stubFetch(() => json(null));
    await loadSignedInQueries(profileOptions('ana'));
    expect(calls.map((call) => call.url)).toEqual(['/api/me']);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
  });

  it("load a paged list's first page into the cache its screen reads", async () => {
    const page = { items: [{ id: 'w1' }], nextCursor: 'next' };
    const calls = stubFetch((url) => (url === '/api/me' ? json({ id: 'u1' }) : json(page)));
    const list = pagedListOptions(['paged-test'], (cursor) =>
      fetch(cursor ? `/api/list?cursor=${cursor}` : '/api/list').then((res) => res.json()),
    );
    await loadSignedInQueries(list);
    expect(calls.map((call) => call.url)).toEqual(['/api/me', '/api/list']);
    expect(queryClient.getQueryData(['paged-test'])).toEqual({ pages: [page], pageParams: [''] });
  });
});
