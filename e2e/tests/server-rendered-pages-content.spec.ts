import type { Page } from '@playwright/test';
import { hydrate, isHydrated } from '../support/server-rendered';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi } from '../support/wishes';

// A visitor without a session gets /{handle} and /x/{id} drawn by the server with React, their data in the
// page (decision 052). The app's code runs on the visitor's first interaction (public/app-boot.js), and React
// hydrates the markup as it is; before that, the page's links work as links.

function wishlist(page: Page) {
  return page.getByRole('list', { name: 'Wishlist' });
}

/** User text that would end the page's state script early and run a script of its own, if it were not escaped. */
const SCRIPT_BREAKOUT = '</script><script>window.__pwned=1</script><!--<script>';

/**
 * Runs in the page: how many script elements, other than the page's JSON state, hold SCRIPT_BREAKOUT's script.
 * The page's Content-Security-Policy would not run such a script anyway: the check is that none was made.
 */
function injectedScripts(): number {
  return [...document.scripts].filter((s) => s.id !== 'server-state' && s.textContent?.includes('__pwned')).length;
}

test('user text in a server-rendered page shows as text and adds no script, before and after hydration', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage);
  // A display name allows letters, digits, spaces and underscores only; About Me and a wish's name and
  // description allow any text.
  const response = await creatorPage.request.patch('/api/profile', {
    data: { description: `About ${SCRIPT_BREAKOUT}` },
    headers: { Origin: baseURL ?? new URL(creatorPage.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  const wish = await createWishByApi(creatorPage, baseURL, {
    name: SCRIPT_BREAKOUT,
    cost: 45,
    description: `Description ${SCRIPT_BREAKOUT}`,
  });

  await page.goto(`/${creator.handle}`);
  await expect(page.getByText(`About ${SCRIPT_BREAKOUT}`, { exact: true })).toBeAttached();
  await expect(wishlist(page).getByRole('listitem')).toContainText(SCRIPT_BREAKOUT);
  expect(await page.evaluate(injectedScripts)).toBe(0);
  await hydrate(page);
  await expect(wishlist(page).getByRole('listitem')).toContainText(SCRIPT_BREAKOUT);
  expect(await page.evaluate(injectedScripts)).toBe(0);
  expect(await page.evaluate(() => '__pwned' in window)).toBe(false);

  const wishVisitor = await newBrowserPage();
  await wishVisitor.goto(`/x/${wish.id}`);
  await expect(wishVisitor.getByRole('heading', { level: 1, name: SCRIPT_BREAKOUT })).toHaveText(SCRIPT_BREAKOUT);
  await expect(wishVisitor.getByText(`Description ${SCRIPT_BREAKOUT}`, { exact: true })).toBeVisible();
  expect(await wishVisitor.evaluate(injectedScripts)).toBe(0);
  await hydrate(wishVisitor);
  await expect(wishVisitor.getByRole('heading', { level: 1 })).toHaveText(SCRIPT_BREAKOUT);
  expect(await wishVisitor.evaluate(injectedScripts)).toBe(0);
  expect(await wishVisitor.evaluate(() => '__pwned' in window)).toBe(false);
});

/**
 * Decision 045: the server draws a long wishlist's first 60 wishes, the page carries them all, and the app
 * draws the rest once React has hydrated them. The write limit allows 60 wish changes a minute, so the creator waits
 * for the next minute's window (Retry-After) before their last wishes.
 */
test('a wishlist of more than 60 wishes: the server draws the first 60, the app the rest once hydrated', async ({
  browser,
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const total = 63;
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage);
  const origin = baseURL ?? new URL(creatorPage.url()).origin;
  for (let made = 0; made < total; ) {
    const name = `Wish ${String(made + 1).padStart(2, '0')}`;
    const response = await creatorPage.request.post('/api/wishes', {
      data: { name, cost: 20 + made },
      headers: { Origin: origin },
    });
    if (response.status() === 429) {
      const seconds = Number(response.headers()['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      await creatorPage.waitForTimeout(seconds * 1000 + 250);
      continue;
    }
    expect(response.status(), await response.text()).toBe(201);
    made += 1;
  }
  // Newest first: "Wish 63" down to "Wish 04" are the first 60.
  const first60 = Array.from({ length: 60 }, (_, i) => new RegExp(`Wish ${String(total - i).padStart(2, '0')}`));

  const context = await browser.newContext({ javaScriptEnabled: false });
  const withoutScript = await context.newPage();
  await withoutScript.goto(`/${creator.handle}`);
  await expect(wishlist(withoutScript).getByRole('listitem')).toHaveText(first60);
  await context.close();

  await page.goto(`/${creator.handle}`);
  await expect(wishlist(page).getByRole('listitem')).toHaveCount(60);
  expect(await isHydrated(page)).toBe(false);
  await hydrate(page);
  await expect(wishlist(page).getByRole('listitem')).toHaveCount(total);
  const last = wishlist(page).getByRole('listitem').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toContainText('Wish 01');
});
