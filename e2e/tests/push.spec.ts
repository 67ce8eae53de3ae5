import type { Page } from '@playwright/test';
import { type PushEndpoint, startPushEndpoint } from '../../apps/server/test/push-endpoint';
import { tipByApi, userIdOf } from '../support/conversations';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

// Web push (issue 21 item 2, decision 029). Headless Chromium here reaches no real push service (only the
// npm registry is reachable, and Chromium's own push registration goes to Google), so the suite proves the
// pieces it can reach: the settings switch asks for permission only from a click and subscribes through
// the browser's PushManager; the server, after a tip in another browser, sends a push that a local push
// service (apps/server/test/push-endpoint.ts) receives, checks the VAPID signature of and decrypts with the
// subscription's keys; and the service worker shows a push it is handed (CDP, as a push service would).

let endpoint: PushEndpoint;
test.beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
test.afterAll(async () => {
  await endpoint.close();
});

const PUSH_SWITCH = 'Push notifications on this device';

/** The page once the app's service worker is active (the switch subscribes through its registration). */
async function withWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function controlledPage(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function originOf(page: Page) {
  return new URL(page.url()).origin;
}

test('the settings switch asks only when turned on; a tip in another browser arrives as a decrypted push', async ({
  page,
  context,
  baseURL,
  newBrowserPage,
}) => {
  // Two sign-ups, a card top-up and a tip: slow on a loaded machine.
  test.setTimeout(120_000);
  const creator = await signUp(page);
  await withWorker(page, '/settings');
  const pushSwitch = page.getByRole('switch', { name: PUSH_SWITCH });
  await expect(pushSwitch).not.toBeChecked();
  // Never asked on load: the permission is still the browser's default.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  // Allowed (as a click on the browser's prompt would); the switch subscribes through PushManager.
  await context.grantPermissions(['notifications']);
  await pushSwitch.click();
  // Chromium's subscribe needs Google's push service: without a network it fails, and the switch says so
  // and stays off. With one, the device is registered on the server.
  const failure = page.getByText('Could not turn on push notifications on this device. Try again.');
  await expect(pushSwitch.and(page.locator(':checked')).or(failure)).toBeVisible({ timeout: 30_000 });
  const isSubscribed = await pushSwitch.isChecked();
  const registered = (await (await page.request.get('/api/push/subscriptions')).json()) as { endpoints: string[] };
  expect(registered.endpoints).toHaveLength(isSubscribed ? 1 : 0);
  test.info().annotations.push({
    type: 'push subscribe in Chromium',
    description: isSubscribed ? 'subscribed and registered' : 'failed offline (as expected here): switch stayed off',
  });

  // What the switch posts, for a device at the local push service (the browser's keys stay in the browser,
  // so the test stands in for it with keys of its own).
  const device = endpoint.newDevice();
  const posted = await page.request.post('/api/push/subscriptions', {
    data: { endpoint: device.endpoint, keys: device.keys },
    headers: { Origin: await originOf(page) },
  });
  expect(posted.status(), await posted.text()).toBe(204);

  // A fan, in a browser of their own, tips the creator.
  const fanPage = await newBrowserPage();
  const fan = await signUp(fanPage);
  await topUpFromBalance(fanPage, 100, '100 tokens');
  await tipByApi(fanPage, baseURL, await userIdOf(fanPage, creator.handle), 5);

  await expect.poll(() => endpoint.received.filter((p) => p.device === device.endpoint).length).toBe(1);
  const [push] = endpoint.received.filter((p) => p.device === device.endpoint);
  expect(push?.payload).toEqual({
    title: 'You received a tip on Sweetwish',
    body: `${fan.displayName} sent you a $5 tip.`,
    url: expect.stringMatching(/^\/received\/item\/[^/]+$/),
    tag: expect.stringMatching(/^notification-\d+$/),
  });
  const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string };
  expect(push?.vapidPublicKey).toBe(publicKey);
  expect(endpoint.rejected).toEqual([]);

  // Turning the switch off (when it was on) forgets this browser; the device posted above stays.
  if (isSubscribed) {
    await pushSwitch.click();
    await expect(pushSwitch).not.toBeChecked();
  }
  const after = (await (await page.request.get('/api/push/subscriptions')).json()) as { endpoints: string[] };
  expect(after.endpoints).toEqual([device.endpoint]);
});

test('the switch says how to allow notifications when the browser blocks them', async ({ page }) => {
  await signUp(page);
  await withWorker(page, '/settings');
  const pushSwitch = page.getByRole('switch', { name: PUSH_SWITCH });
  await expect(pushSwitch).toBeEnabled();
  // The user answers "Block" to the browser's prompt (Playwright cannot click the prompt itself).
  await page.evaluate(() => {
    Notification.requestPermission = async () => {
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'denied' });
      return 'denied';
    };
  });
  await pushSwitch.click();
  await expect(
    page.getByText('Notifications are blocked for this site in your browser.', { exact: false }),
  ).toBeVisible();
  await expect(pushSwitch).not.toBeChecked();
  await expect(pushSwitch).toBeDisabled();
  // Blocked before the page loads: the line is there from the start.
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'denied' });
  });
  await page.reload();
  await expect(
    page.getByText('Notifications are blocked for this site in your browser.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: PUSH_SWITCH })).toBeDisabled();
});

test('the service worker shows a push it receives, with its title, body and page', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await controlledPage(page, '/');
  expect(await page.evaluate(() => Notification.permission)).toBe('granted');
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${new URL(page.url()).origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const origin = await originOf(page);
  const payload = {
    title: 'You received a tip on Sweetwish',
    body: 'Fan sent you a $5 tip.',
    url: '/received',
    tag: 't1',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          data: n.data as unknown,
        })),
      ),
    )
    .toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, icon: '/icon-192.png', data: { url: '/received' } },
    ]);

  // A push naming another site opens the app's home instead.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'x', body: 'y', url: 'https://evil.example/', tag: 't2' }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications({ tag: 't2' })).map((n) => n.data as unknown),
      ),
    )
    .toEqual([{ url: '/home' }]);
});
