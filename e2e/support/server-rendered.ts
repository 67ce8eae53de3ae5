import { expect, type Page } from '@playwright/test';

// Pages the server renders for a visitor without a session (decisions 042 and 043): the app's code runs only
// on the visitor's first interaction (public/app-boot.js), and tells the page when it has taken it over.

/** Notes in the page when the app has taken over the server's markup (main.tsx's 'sweetwish:app-ready'). */
export async function recordAppReady(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('sweetwish:app-ready', () => Object.assign(window, { e2eAppReady: true }));
  });
}

export function isAppReady(page: Page): Promise<boolean> {
  return page.evaluate(() => 'e2eAppReady' in window);
}

/** A visitor's first interaction (the pointer comes over the page), then the app has taken over. */
export async function takeOver(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.waitForFunction(() => 'e2eAppReady' in window);
}

/** The API paths a page asks for, in order, from now on. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname);
  });
  return calls;
}

/**
 * Holds back the app's entry file of the server-rendered page at `path` until the returned function is called:
 * what the visitor does meanwhile happens before the app has taken over, however fast this machine is.
 */
export async function holdAppCode(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const entry = /data-app-files="([^" ]+)/.exec(html)?.[1];
  if (!entry) throw new Error(`${path} is not rendered on the server: no data-app-files`);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/**
 * Loads `path` signed out, asks for nothing until the visitor moves the pointer, then sees the app take the
 * page over without changing a thing in it.
 */
export async function expectTakeOverKeepsMarkup(page: Page, path: string, heading: string) {
  await recordAppReady(page);
  const apiCalls = recordApiCalls(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The app's files are fetched once the page has loaded; the app itself waits for the visitor.
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  expect(await isAppReady(page)).toBe(false);
  // The installable app's service worker is registered after the load, as the app registers it.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope))
    .toMatch(/\/$/);
  const serverMarkup = await page.locator('#root').innerHTML();

  await takeOver(page);
  expect(await page.locator('#root').innerHTML()).toBe(serverMarkup);
  // Nor once the app has settled (a query it asks again, a part it loads late).
  await page.waitForLoadState('networkidle');
  expect(await page.locator('#root').innerHTML()).toBe(serverMarkup);
}
