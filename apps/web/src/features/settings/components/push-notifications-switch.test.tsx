import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, dismiss } from '../../../lib/notification-store';
import { stubFetch } from '../../../test-support/stub-fetch';
import { PUSH_SUBSCRIBE_TIMEOUT_MS, PUSH_TEXT, PushNotificationsSwitch } from './push-notifications-switch';

const PUBLIC_KEY = 'BBKcDALtXb_1z9wQD7h_7LGoy6OD5jlKCncWSHVrnCrGR_KhT0ut23RDgwQL1HLP4hS9Mb76ePWR0y8hbJWSKRQ';
const ENDPOINT = 'https://push.example/device-1';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

/** A browser with web push: a service worker registration whose push manager records what it is asked. */
function stubBrowserPush(options: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  isPushServiceSilent?: boolean;
  /** The browser answers only once this settles (after the switch gave up waiting, say). */
  answersAfter?: Promise<void>;
}) {
  let subscription: PushSubscription | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    // A browser that reaches no push service never answers.
    if (options.isPushServiceSilent) await new Promise<never>(() => {});
    await options.answersAfter;
    subscription = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
      unsubscribe,
    } as unknown as PushSubscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  const requestPermission = vi.fn(async () => options.answer ?? options.permission);
  vi.stubGlobal('Notification', { permission: options.permission, requestPermission });
  return { subscribe, unsubscribe, requestPermission };
}

const theSwitch = () => screen.getByRole('switch', { name: PUSH_TEXT.label }) as HTMLInputElement;

describe('the push notifications switch', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    for (const item of currentNotifications()) dismiss(item.id);
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('is not shown in a browser without web push', () => {
    render(<PushNotificationsSwitch />);
    expect(screen.queryByText(PUSH_TEXT.label)).toBeNull();
  });

  it('asks for permission only when turned on, then subscribes with the server key and registers the device', async () => {
    const browser = stubBrowserPush({ permission: 'default', answer: 'granted' });
    const calls = stubFetch((url) =>
      url === '/api/push/public-key'
        ? Response.json({ publicKey: PUBLIC_KEY })
        : new Response(null, { status: url === '/api/push/subscriptions' ? 204 : 404 }),
    );
    render(<PushNotificationsSwitch />);
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    expect(theSwitch().checked).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().checked).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [subscribeOptions] = browser.subscribe.mock.calls[0] ?? [];
    expect(subscribeOptions?.userVisibleOnly).toBe(true);
    expect((subscribeOptions?.applicationServerKey as Uint8Array | undefined)?.length).toBe(65);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/push/subscriptions');
    expect(JSON.parse(String(post?.body))).toEqual({ endpoint: ENDPOINT, keys: KEYS });

    // Off: the server forgets the device and the browser unsubscribes.
    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().checked).toBe(false));
    const removal = calls.find((c) => c.method === 'DELETE');
    expect(JSON.parse(String(removal?.body))).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribe).toHaveBeenCalled();
  });

  it('says how to allow notifications when the browser blocks them, and subscribes to nothing', async () => {
    const browser = stubBrowserPush({ permission: 'default', answer: 'denied' });
    stubFetch(() => new Response(null, { status: 404 }));
    render(<PushNotificationsSwitch />);
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    fireEvent.click(theSwitch());
    await screen.findByText(PUSH_TEXT.denied);
    expect(theSwitch().checked).toBe(false);
    expect(theSwitch().disabled).toBe(true);
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('says subscribing failed and is usable again when the browser never finishes subscribing', async () => {
    const browser = stubBrowserPush({ permission: 'default', answer: 'granted', isPushServiceSilent: true });
    const calls = stubFetch((url) =>
      url === '/api/push/public-key' ? Response.json({ publicKey: PUBLIC_KEY }) : new Response(null, { status: 404 }),
    );
    render(<PushNotificationsSwitch />);
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    vi.useFakeTimers();
    fireEvent.click(theSwitch());
    await vi.waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
    expect(theSwitch().disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
    vi.useRealTimers();
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    expect(theSwitch().checked).toBe(false);
    expect(currentNotifications().map((item) => item.message)).toContain(PUSH_TEXT.failed);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('registers nothing when the browser answers after the switch said subscribing failed', async () => {
    let answer = () => {};
    const answersAfter = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const browser = stubBrowserPush({ permission: 'default', answer: 'granted', answersAfter });
    const calls = stubFetch((url) =>
      url === '/api/push/public-key' ? Response.json({ publicKey: PUBLIC_KEY }) : new Response(null, { status: 201 }),
    );
    render(<PushNotificationsSwitch />);
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    vi.useFakeTimers();
    fireEvent.click(theSwitch());
    await vi.waitFor(() => expect(browser.subscribe).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS);
    vi.useRealTimers();
    await waitFor(() => expect(theSwitch().disabled).toBe(false));
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(theSwitch().checked).toBe(false);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows on when this browser is subscribed and the server has it for this user', async () => {
    const browser = stubBrowserPush({ permission: 'granted' });
    await browser.subscribe({});
    stubFetch((url) =>
      url === '/api/push/subscriptions'
        ? Response.json({ endpoints: [ENDPOINT] })
        : new Response(null, { status: 404 }),
    );
    render(<PushNotificationsSwitch />);
    await waitFor(() => expect(theSwitch().checked).toBe(true));
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });
});
