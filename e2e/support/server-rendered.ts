import { expect, type Page } from '@playwright/test';

// Pages the server draws whole for a visitor without a session (decision 052): the app's code runs on the
// visitor's first interaction (public/app-boot.js), and React hydrates the markup; the app marks
// <html data-hydrated> once it has.

export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => 'hydrated' in document.documentElement.dataset);
}

/** Waits until React has hydrated the page (for `timeout` ms, or the test's own timeout). */
export async function waitForHydration(page: Page, timeout?: number): Promise<void> {
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset, undefined, { timeout });
}

/**
 * A visitor's first interaction (the pointer comes over the page), then React hydrates the page. Right after
 * a tap on a link the pointer may come while the new page is still arriving, before public/app-boot.js
 * listens, and a pointer that stays put comes over nothing again: then a harmless key (Shift), as a
 * visitor's next interaction would, until the app runs.
 */
export async function hydrate(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await expect(async () => {
    if (!(await isHydrated(page))) await page.keyboard.press('Shift');
    await waitForHydration(page, 2_000);
  }).toPass({ timeout: 30_000 });
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
 * what the visitor does meanwhile happens before React has hydrated the page, however fast this machine is.
 */
export async function holdAppCode(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const entry = /data-app-files="([^" ]+)/.exec(html)?.[1];
  if (!entry) throw new Error(`${path} is not drawn whole by the server: no data-app-files`);
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
 * Loads `path` signed out, asks for nothing until the visitor moves the pointer, then sees React hydrate the
 * page without changing a thing in it.
 */
export async function expectHydrationKeepsMarkup(page: Page, path: string, heading: string) {
  const apiCalls = recordApiCalls(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The app's files are fetched once the page has loaded; React waits for the visitor.
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  expect(await isHydrated(page)).toBe(false);
  // The installable app's service worker is registered after the load, as the app registers it.
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope))
    .toMatch(/\/$/);
  const serverMarkup = await page.locator('#root').innerHTML();

  await hydrate(page);
  expect(await page.locator('#root').innerHTML()).toBe(serverMarkup);
  // Nor once the app has settled (a query it asks again, a part it loads late).
  await page.waitForLoadState('networkidle');
  expect(await page.locator('#root').innerHTML()).toBe(serverMarkup);
}
