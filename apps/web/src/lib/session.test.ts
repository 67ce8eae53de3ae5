import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client';
import { ME_QUERY_KEY, refreshMe } from './session';

const ME = {
  id: 'u1',
  handle: 'sweet_fan',
  displayName: 'Sweet Fan',
  photoUrl: null,
  phoneNumber: '+12025550123',
  email: null,
  isProfileComplete: true,
};

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('refreshMe', () => {
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });

  it('asks again instead of reusing a request sent before the sign-in', async () => {
    let answerFirst: (res: Response) => void = () => {};
    const fetchMock = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)))
      .mockImplementationOnce(async () => json(ME, 200));
    vi.stubGlobal('fetch', fetchMock);

    // A screen asked who is signed in just before the sign-in finished; its answer is still on the way.
    const early = queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => fetch('/api/me') }).catch(() => {});
    const refreshed = refreshMe();
    answerFirst(json({ error: { code: 'UNAUTHENTICATED', message: 'No user' } }, 401));
    await early;

    await expect(refreshed).resolves.toEqual(ME);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(ME);
  });

  it('is null when nobody is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(null, 200)),
    );
    await expect(refreshMe()).resolves.toBeNull();
  });

  it('is null when the account behind the session is gone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'UNAUTHENTICATED', message: 'No user' } }, 401)),
    );
    await expect(refreshMe()).resolves.toBeNull();
  });
});
