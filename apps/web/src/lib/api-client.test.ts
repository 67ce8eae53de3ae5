import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';

function answer(body: string | null, status: number) {
  return new Response(body, { status, headers: body ? { 'Content-Type': 'application/json' } : {} });
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the body as JSON and answers the JSON it gets back', async () => {
    const fetchMock = vi.fn(async () => answer('{"id":"w1","name":"Tea Set"}', 200));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest<{ id: string }>('PATCH', '/wishes/w1', { body: { pinned: true } })).resolves.toEqual({
      id: 'w1',
      name: 'Tea Set',
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/wishes/w1', {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: '{"pinned":true}',
    });
  });

  it('sends an Idempotency-Key when given one', async () => {
    const fetchMock = vi.fn(async () => answer('{"tipId":"t1"}', 201));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/tips', { body: { amount: 5 }, idempotencyKey: 'k-1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/tips', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-1' },
      body: '{"amount":5}',
    });
  });

  it('answers undefined when there is no body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(null, 204)),
    );
    await expect(apiRequest('POST', '/client-errors', { body: {} })).resolves.toBeUndefined();
  });

  it("throws the server's error code and message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer('{"error":{"code":"NOT_FOUND","message":"User Not Found"}}', 404)),
    );
    const error = await apiRequest('GET', '/users/nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'User Not Found', body: { code: 'NOT_FOUND' } });
  });

  it('throws a general error when the error answer is not one of ours', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer('<html>Bad Gateway</html>', 502)),
    );
    await expect(apiRequest('GET', '/me')).rejects.toMatchObject({
      status: 502,
      body: { code: 'INTERNAL', message: 'Something went wrong.' },
    });
  });
});
