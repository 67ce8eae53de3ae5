import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test-support/cookies';
import { stubFetch } from '../../test-support/stub-fetch';
import { leaveAfterSessionEnded, logOut } from './log-out';

const ENDPOINT = 'https://push.example/device-1';

/** What reached the server, in order (better-auth's client keeps its own fetch, so its sign-out is stood in for). */
const events = vi.hoisted(() => [] as string[]);
vi.mock('./auth-client', () => ({
  authClient: {
    signOut: async () => {
      events.push('sign-out');
    },
  },
}));

/** A browser subscribed to web push: its push manager's subscription, and whether it was dropped. */
function stubSubscribedBrowser() {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  subscription = { endpoint: ENDPOINT, unsubscribe } as unknown as PushSubscription;
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { unsubscribe };
}

describe('logging out on a browser that receives push notifications', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('makes the server forget this device before the session ends, and drops the browser subscription', async () => {
    const browser = stubSubscribedBrowser();
    events.length = 0;
    const calls = stubFetch((url, sent) => {
      events.push(`${sent.method} ${url}`);
      return new Response(null, { status: 204 });
    });
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom does not navigate
    await logOut();
    expect(events).toEqual(['DELETE /api/push/subscriptions', 'sign-out']);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('still logs out when the server cannot be told', async () => {
    const browser = stubSubscribedBrowser();
    events.length = 0;
    stubFetch(() => new Response('{}', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await logOut();
    expect(events).toEqual(['sign-out']);
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('after the server ended the session, drops the browser subscription without asking the server', async () => {
    const browser = stubSubscribedBrowser();
    events.length = 0;
    const calls = stubFetch(() => new Response(null, { status: 401 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await leaveAfterSessionEnded();
    expect(calls).toEqual([]);
    expect(events).toEqual([]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });
});

describe('what logging out forgets on this browser', () => {
  afterEach(() => vi.restoreAllMocks());

  it('clears local and session storage and the cookies that mirror them, and sets the logging-out flag', async () => {
    localStorage.setItem('termsAccepted', '2026-01-01T00:00:00.000Z');
    sessionStorage.setItem('affiliate', 'ann');
    setCookie('termsAccepted=1');
    setCookie('visited=1');
    stubFetch(() => new Response(null, { status: 204 }));
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom does not navigate
    await logOut();
    expect(localStorage.getItem('termsAccepted')).toBeNull();
    expect(sessionStorage.getItem('affiliate')).toBeNull();
    expect(document.cookie).toBe('');
    expect(localStorage.getItem('loggingOut')).toBe('true');
  });
});
