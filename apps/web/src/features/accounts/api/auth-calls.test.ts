import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';

const client = vi.hoisted(() => ({
  $fetch: vi.fn(),
  phoneNumber: { verify: vi.fn() },
  signIn: { social: vi.fn() },
}));
vi.mock('../../../components/accounts/auth-client', () => ({ authClient: client }));

const { sendEmailLink, sendPhoneCode, socialSignIn, verifyEmailLink, verifyPhoneCode } = await import('./auth-calls');

describe('the sign-in calls', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('show the message of a send limit, which the server words for the user', async () => {
    // The app's own errors arrive nested: { error: { code, message } }, spread into the client's error.
    client.$fetch.mockResolvedValue({
      data: null,
      error: {
        status: 429,
        statusText: 'Too Many Requests',
        error: { code: 'RATE_LIMITED', message: 'Too many sign-in codes for this number. Try again in an hour.' },
      },
    });
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow(
      'Too many sign-in codes for this number. Try again in an hour.',
    );
  });

  it('show "Error confirming phone number" when sending fails on the server or the network', async () => {
    client.$fetch.mockResolvedValue({ data: null, error: { status: 502, statusText: 'Bad Gateway' } });
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow('Error confirming phone number');
    client.$fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow('Error confirming phone number');
  });

  it('resolve when the code was sent', async () => {
    client.$fetch.mockResolvedValue({ data: { message: 'ok' }, error: null });
    await expect(sendPhoneCode('+12025550123')).resolves.toBeUndefined();
    expect(client.$fetch).toHaveBeenCalledWith('/phone-number/send-otp', {
      method: 'POST',
      body: { phoneNumber: '+12025550123' },
    });
  });

  it('solve the challenge the server asks for when sign-in is busy, then send again with it', async () => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 25,
      deriveKey,
      hmacSignatureSecret: 'test',
    });
    const fetchMock = vi.fn(async () => Response.json(challenge));
    vi.stubGlobal('fetch', fetchMock);
    const busy = 'Sign-in is busy: your browser needs to solve a quick check first.';
    client.$fetch
      .mockResolvedValueOnce({
        data: null,
        error: { status: 429, error: { code: 'RATE_LIMITED', message: busy, fields: { altcha: busy } } },
      })
      .mockResolvedValueOnce({ data: { message: 'ok' }, error: null });

    await expect(sendPhoneCode('+12025550123')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/challenge', expect.anything());
    const [, again] = client.$fetch.mock.calls[1] as [string, { body: { phoneNumber: string; altcha: string } }];
    expect(again.body.phoneNumber).toBe('+12025550123');
    expect(JSON.parse(atob(again.body.altcha))).toMatchObject({ challenge, solution: { counter: 25 } });
  });

  it('show "Error confirming phone number" when the challenge cannot be had', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    client.$fetch.mockResolvedValue({
      data: null,
      error: { status: 429, error: { code: 'RATE_LIMITED', message: 'busy', fields: { altcha: 'busy' } } },
    });
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow('Error confirming phone number');
    expect(client.$fetch).toHaveBeenCalledTimes(1);
  });

  it('show "Error validating code" for a wrong or expired code', async () => {
    client.phoneNumber.verify.mockResolvedValue({
      data: null,
      error: { status: 400, statusText: 'Bad Request', message: 'Invalid OTP' },
    });
    await expect(verifyPhoneCode('+12025550123', '000000')).rejects.toThrow('Error validating code');
  });

  it('send the e-mail link back to /email, keeping the invite code', async () => {
    client.$fetch.mockResolvedValue({ data: { status: true }, error: null });
    await sendEmailLink('fan@example.com', 'sweet_creator');
    expect(client.$fetch).toHaveBeenCalledWith('/sign-in/magic-link', {
      method: 'POST',
      body: { email: 'fan@example.com', callbackURL: '/email/sweet_creator' },
    });
    await sendEmailLink('fan@example.com', null);
    expect(client.$fetch).toHaveBeenLastCalledWith('/sign-in/magic-link', {
      method: 'POST',
      body: { email: 'fan@example.com', callbackURL: '/email' },
    });
  });

  it('complete an e-mail link by POSTing token and address, and treat a redirect as a failure', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await verifyEmailLink('tok en', 'fan@example.com');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/magic-link/verify');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'tok en', email: 'fan@example.com' });
    expect(init.redirect).toBe('manual');

    fetchMock.mockResolvedValue(new Response(null, { status: 400 }));
    await expect(verifyEmailLink('used', 'fan@example.com')).rejects.toThrow('Error signing in with email link');
  });

  it('start Google or Apple with the return path kept for the way back, and the sign-in screen for errors', async () => {
    client.signIn.social.mockResolvedValue({ data: { url: 'https://accounts.google.com/' }, error: null });
    await socialSignIn('google', { returnPath: '/alice/tip', signInPath: '/join/alice' });
    expect(client.signIn.social).toHaveBeenCalledWith({
      provider: 'google',
      callbackURL: '/complete-profile?return=%2Falice%2Ftip',
      errorCallbackURL: '/join/alice?return=%2Falice%2Ftip',
    });
    await socialSignIn('apple', { returnPath: undefined, signInPath: '/sign-in' });
    expect(client.signIn.social).toHaveBeenLastCalledWith({
      provider: 'apple',
      callbackURL: '/complete-profile',
      errorCallbackURL: '/sign-in',
    });
  });
});
