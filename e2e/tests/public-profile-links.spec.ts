import type { Page } from '@playwright/test';
import { uniqueHandle } from '../support/accounts';
import { acceptTermsUpFront, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi } from '../support/wishes';

// The public profile and the public wish page (product.md section 2): the wishlist in product.md's order, the
// owner's wish menu (Pin, Archive), the archived filter, the search box, and what a visitor sees.

function wishlist(page: Page) {
  return page.getByRole('list', { name: 'Wishlist' });
}

async function openWishMenu(page: Page, name: string) {
  await wishlist(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const menu = page.getByRole('dialog', { name });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Runs in the page: whether no share toast ("Link Copied!" or one of lib/share.ts's failures) is on screen.
 * Self-contained, as the next one: Playwright sends their source.
 */
function noShareToast(): boolean {
  const pattern = /Link Copied!|Could not share link|Clipboard not available/;
  return ![...document.querySelectorAll('[role="alert"]')].some((alert) => pattern.test(alert.textContent ?? ''));
}

/** Runs in the page: keeps the text of the next share toast to appear, as `window.shareToast`. */
function recordNextShareToast(): void {
  const pattern = /Link Copied!|Could not share link|Clipboard not available/;
  const observer = new MutationObserver(() => {
    const texts = [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent ?? '');
    const text = texts.find((t) => pattern.test(t));
    if (text === undefined) return;
    Object.assign(window, { shareToast: text });
    observer.disconnect();
  });
  Object.assign(window, { shareToast: undefined });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/**
 * Clicks a share button and sees "Link Copied!", which stays one second (product.md section 8). The page records
 * the toast as it is added (a MutationObserver), so no check spaced out on a loaded machine can miss it, and
 * a failure says which toast came instead. The previous toast must be gone first, so each click is seen to
 * make its own.
 */
async function expectLinkCopied(page: Page, click: () => Promise<void>) {
  await page.waitForFunction(noShareToast);
  await page.evaluate(recordNextShareToast);
  await click();
  const shown = await page.waitForFunction(() => (window as { shareToast?: string }).shareToast);
  expect(await shown.jsonValue()).toContain('Link Copied!');
}

test('the side menu and the wish menu copy share links', async ({ page, baseURL, context }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const creator = await signUp(page);
  const wish = await createWishByApi(page, baseURL, { name: 'Tea Set', cost: 45 });
  const origin = baseURL ?? new URL(page.url()).origin;
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  // Each share button closes the menu and copies its link.
  const menu = page.getByRole('navigation', { name: 'Menu' });
  const shareFromMenu = async (label: string) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectLinkCopied(page, () => menu.getByRole('button', { name: `Share ${label} link` }).click());
    await expect(menu).toBeHidden();
  };
  await shareFromMenu('Direct Tip');
  expect(await clipboard()).toBe(`${origin}/${creator.handle}/tip`);
  await shareFromMenu('Affiliate Invite');
  await expect.poll(clipboard).toBe(`${origin}/join/${creator.handle}`);
  await shareFromMenu('Profile');
  await expect.poll(clipboard).toBe(`${origin}/${creator.handle}`);

  await page.goto(`/${creator.handle}`);
  const wishMenu = await openWishMenu(page, 'Tea Set');
  await expectLinkCopied(page, () => wishMenu.getByRole('button', { name: 'Share Link' }).click());
  await expect.poll(clipboard).toBe(`${origin}/x/${wish.id}`);
});

test('an old handle leads to the profile under the current one', async ({ page, baseURL, browser }) => {
  test.slow();
  const creator = await signUp(page);

  // A signed-out visitor finds the creator through search, so the recents keep the handle of that day.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await acceptTermsUpFront(visitor);
  await visitor.goto('/search');
  await visitor.getByPlaceholder('Enter a users name...').fill(creator.handle);
  await visitor
    .getByRole('list', { name: 'Search results' })
    .getByRole('link', { name: new RegExp(`@${creator.handle}`) })
    .click();
  await expect(visitor).toHaveURL(new RegExp(`/${creator.handle}$`));

  const newHandle = uniqueHandle('new');
  const response = await page.request.put('/api/profile/handle', {
    data: { handle: newHandle },
    headers: { Origin: baseURL ?? new URL(page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(200);

  // An in-app visit of the old handle (the recent's link, no page load) moves to the current one, and the
  // session remembers the old handle.
  await visitor.goto('/search');
  await visitor.evaluate(() => Object.assign(window, { samePage: true }));
  const recent = visitor
    .getByRole('list', { name: 'Recents' })
    .getByRole('link', { name: new RegExp(creator.displayName) });
  await recent.click();
  await expect(visitor).toHaveURL(new RegExp(`/${newHandle}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(visitor.getByText(`@${newHandle}`)).toBeVisible();
  expect(await visitor.evaluate(() => 'samePage' in window)).toBe(true);
  const remembered = await visitor.evaluate(() => JSON.parse(window.sessionStorage.getItem('oldHandles') ?? '{}'));
  expect(remembered).toEqual({ [creator.handle.toLowerCase()]: newHandle });

  // The next visit within the session goes there at once: the old handle is not even asked for.
  const askedForOld: string[] = [];
  // The profile alone, or with its wishlist (the page's one call).
  const oldHandleCalls = new RegExp(`/api/users/${creator.handle}(/page)?$`);
  await visitor.route(oldHandleCalls, (route) => {
    askedForOld.push(route.request().url());
    return route.abort();
  });
  await visitor.goBack();
  await expect(visitor).toHaveURL(/\/search$/);
  await recent.click();
  await expect(visitor).toHaveURL(new RegExp(`/${newHandle}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  expect(await visitor.evaluate(() => 'samePage' in window)).toBe(true);
  expect(askedForOld).toEqual([]);
  await visitor.unroute(oldHandleCalls);

  // A full page load of the old address is redirected by the server.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/${creator.handle}`);
  await expect(strangerPage).toHaveURL(new RegExp(`/${newHandle}$`));
  await expect(strangerPage.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(strangerPage.getByText(`@${newHandle}`)).toBeVisible();
  await stranger.close();
  await context.close();
});

test('an unknown handle shows "User Not Found" with a way on: search, or home', async ({ page }) => {
  await page.goto(`/${uniqueHandle('nobody')}`);
  await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
});
