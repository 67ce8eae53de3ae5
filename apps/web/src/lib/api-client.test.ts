import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, ok } from './api-client';

function answer(body: string | null, status: number) {
  return new Response(body, { status, headers: body ? { 'Content-Type': 'application/json' } : {} });
}

/** Stubs fetch with one answer; `sent()` is the Request the client sent. */
function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_request: Request) => response);
  vi.stubGlobal('fetch', fetchMock);
  return {
    sent: (): Request => {
      const request = fetchMock.mock.calls[0]?.[0];
      if (!request) throw new Error('nothing was sent');
      return request;
    },
  };
}

describe('the api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the body as JSON with the session cookie and answers the JSON it gets back', async () => {
    const fetchMock = stubFetch(answer('{"id":"w1","name":"Tea Set"}', 200));
    await expect(
      ok(api.PATCH('/api/wishes/{id}', { params: { path: { id: 'w1' } }, body: { pinned: true } })),
    ).resolves.toEqual({
      id: 'w1',
      name: 'Tea Set',
    });
    const request = fetchMock.sent();
    expect(request.method).toBe('PATCH');
    expect(new URL(request.url).pathname).toBe('/api/wishes/w1');
    expect(request.credentials).toBe('same-origin');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(await request.text()).toBe('{"pinned":true}');
  });

  it('sends the Idempotency-Key of a money request', async () => {
    const fetchMock = stubFetch(answer('{"tipId":"t1"}', 201));
    await ok(
      api.POST('/api/tips', {
        params: { header: { 'idempotency-key': 'k-1' } },
        body: { amount: 5, recipientId: 'u1' },
      }),
    );
    expect(fetchMock.sent().headers.get('Idempotency-Key')).toBe('k-1');
  });

  it('answers undefined when there is no body', async () => {
    stubFetch(answer(null, 204));
    await expect(ok(api.POST('/api/account/sign-out-everywhere'))).resolves.toBeUndefined();
  });

  it("throws the server's error code, message and fields", async () => {
    stubFetch(answer('{"error":{"code":"VALIDATION","message":"Too long","fields":{"name":"Too long"}}}', 400));
    const error = await ok(api.GET('/api/users/{handle}', { params: { path: { handle: 'x' } } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Too long',
      body: { code: 'VALIDATION', fields: { name: 'Too long' } },
    });
  });

  it('throws a general error when the error answer is not one of ours', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await expect(ok(api.GET('/api/me'))).rejects.toMatchObject({
      status: 502,
      body: { code: 'INTERNAL', message: 'Something went wrong.' },
    });
  });

  it('lets a network failure through as it is: its outcome is unknown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(ok(api.GET('/api/me'))).rejects.toThrow(TypeError);
  });
});
