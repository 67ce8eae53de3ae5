import { afterEach, describe, expect, it, vi } from 'vitest';

const client = vi.hoisted(() => ({
  phoneNumber: { sendOtp: vi.fn(), verify: vi.fn() },
  signIn: { magicLink: vi.fn(), social: vi.fn() },
}));
vi.mock('../../../lib/auth-client', () => ({ authClient: client }));

const { sendEmailLink, sendPhoneCode, verifyEmailLink, verifyPhoneCode } = await import('./auth-calls');

describe('the sign-in calls', () => {
  afterEach(() => {
    vi.clearAllMocks();
    vi.unstubAllGlobals();
  });

  it('show the message of a send limit, which the server words for the user', async () => {
    // The app's own errors arrive nested: { error: { code, message } }, spread into the client's error.
    client.phoneNumber.sendOtp.mockResolvedValue({
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
    client.phoneNumber.sendOtp.mockResolvedValue({ data: null, error: { status: 502, statusText: 'Bad Gateway' } });
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow('Error confirming phone number');
    client.phoneNumber.sendOtp.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(sendPhoneCode('+12025550123')).rejects.toThrow('Error confirming phone number');
  });

  it('resolve when the code was sent', async () => {
    client.phoneNumber.sendOtp.mockResolvedValue({ data: { message: 'ok' }, error: null });
    await expect(sendPhoneCode('+12025550123')).resolves.toBeUndefined();
    expect(client.phoneNumber.sendOtp).toHaveBeenCalledWith({ phoneNumber: '+12025550123' });
  });

  it('show "Error validating code" for a wrong or expired code', async () => {
    client.phoneNumber.verify.mockResolvedValue({
      data: null,
      error: { status: 400, statusText: 'Bad Request', message: 'Invalid OTP' },
    });
    await expect(verifyPhoneCode('+12025550123', '000000')).rejects.toThrow('Error validating code');
  });

  it('send the e-mail link back to /email, keeping the invite code', async () => {
    client.signIn.magicLink.mockResolvedValue({ data: { status: true }, error: null });
    await sendEmailLink('fan@example.com', 'sweet_creator');
    expect(client.signIn.magicLink).toHaveBeenCalledWith({
      email: 'fan@example.com',
      callbackURL: '/email/sweet_creator',
    });
    await sendEmailLink('fan@example.com', null);
    expect(client.signIn.magicLink).toHaveBeenLastCalledWith({ email: 'fan@example.com', callbackURL: '/email' });
  });

  it('complete an e-mail link with token and address, and treat a redirect as a failure', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await verifyEmailLink('tok en', 'fan@example.com');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/magic-link/verify?token=tok+en&email=fan%40example.com');
    expect(init.redirect).toBe('manual');

    fetchMock.mockResolvedValue(new Response(null, { status: 400 }));
    await expect(verifyEmailLink('used', 'fan@example.com')).rejects.toThrow('Error signing in with email link');
  });
});
