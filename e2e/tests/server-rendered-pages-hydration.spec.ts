import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import {
  expectHydrationKeepsMarkup,
  holdAppCode,
  hydrate,
  isHydrated,
  waitForHydration,
} from '../support/server-rendered';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi, createWishWithImageByApi } from '../support/wishes';

// A visitor without a session gets /{handle} and /x/{id} drawn by the server with React, their data in the
// page (decision 052). The app's code runs on the visitor's first interaction (public/app-boot.js), and React
// hydrates the markup as it is; before that, the page's links work as links.

function wishlist(page: Page) {
  return page.getByRole('list', { name: 'Wishlist' });
}

type NewWish = { name: string; cost: number };

/** A creator who signed up in a page of their own and listed wishes (by the API); `wish` is the first of them. */
async function creatorWithWishes(creatorPage: Page, baseURL: string | undefined, first: NewWish, ...more: NewWish[]) {
  const creator = await signUp(creatorPage);
  const wish = await createWishByApi(creatorPage, baseURL, first);
  for (const other of more) await createWishByApi(creatorPage, baseURL, other);
  return { creator, wish };
}

test('with JavaScript off, a signed-out visitor still sees a creator’s profile and wishes, and a wish page', async ({
  browser,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const { creator, wish } = await creatorWithWishes(
    await newBrowserPage(),
    baseURL,
    { name: 'Pink Guitar', cost: 120 },
    { name: 'Tea Set', cost: 45 },
  );

  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(wishlist(visitor).getByRole('listitem')).toHaveText([/Tea Set/, /Pink Guitar/]);
  await expect(wishlist(visitor).getByRole('listitem').first()).toContainText('$45');

  await visitor.goto(`/x/${wish.id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Pink Guitar' })).toBeVisible();
  await expect(visitor.getByText('$120')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Buy' })).toBeVisible();
  await context.close();
});

test('React hydrates a server-rendered /{handle} and /x/{id} as they are, and they ask the API nothing before', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const { creator, wish } = await creatorWithWishes(
    await newBrowserPage(),
    baseURL,
    { name: 'Vintage Telescope', cost: 2500 },
    { name: 'Tea Set', cost: 45 },
  );

  await expectHydrationKeepsMarkup(page, `/${creator.handle}`, creator.displayName);
  // A page of its own: the pointer must come over the page for the first time again.
  await expectHydrationKeepsMarkup(await newBrowserPage(), `/x/${wish.id}`, 'Vintage Telescope');
});

test('taps before the app is ready do what they say: "Send a Quick Tip" and a wish, on a slow phone', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const { creator, wish } = await creatorWithWishes(await newBrowserPage(), baseURL, {
    name: 'Pink Guitar',
    cost: 120,
  });
  // A phone's CPU (four times slower), and the app's code held back: every tap below comes before hydration.
  const cpu = await page.context().newCDPSession(page);
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await holdAppCode(page, `/${creator.handle}`);

  await page.goto(`/${creator.handle}`);
  await page.getByRole('link', { name: 'Send a Quick Tip' }).click();
  // A signed-out visitor is sent to sign in, and would come back to the tip dialog.
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?return=%2F${creator.handle}%2Ftip$`));
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

  await page.goto(`/${creator.handle}`);
  expect(await isHydrated(page)).toBe(false);
  await wishlist(page)
    .getByRole('link', { name: /Pink Guitar/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/x/${wish.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pink Guitar' })).toBeVisible();
});

test('text typed into the wishlist search before hydration searches once React hydrates the page', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const { creator } = await creatorWithWishes(
    await newBrowserPage(),
    baseURL,
    { name: 'Pink Guitar', cost: 120 },
    { name: 'Vintage Telescope', cost: 2500 },
  );
  const releaseApp = await holdAppCode(page, `/${creator.handle}`);

  await page.goto(`/${creator.handle}`);
  const search = page.getByRole('searchbox', { name: 'Search wishlist' });
  await search.fill('telescope');
  expect(await isHydrated(page)).toBe(false);
  await expect(wishlist(page).getByRole('listitem')).toHaveCount(2);

  releaseApp();
  await waitForHydration(page);
  await expect(search).toHaveValue('telescope');
  await expect(wishlist(page).getByRole('listitem')).toHaveText([/Vintage Telescope/]);
});

/** Whether the wish picture named `name` has loaded and nothing hides it (it and every box around it opaque). */
function isPictureShown(page: Page, name: string): Promise<boolean> {
  return page
    .getByRole('img', { name })
    .first()
    .evaluate((picture: HTMLImageElement) => {
      if (!picture.complete || picture.naturalWidth === 0) return false;
      for (let node: Element | null = picture; node; node = node.parentElement) {
        if (Number(getComputedStyle(node).opacity) < 1) return false;
      }
      return true;
    });
}

test('wish pictures show once loaded, before and after hydration, with nothing but a scroll', async ({
  browser,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage);
  const png = await makePng(creatorPage, 400, 300);
  const wish = await createWishWithImageByApi(creatorPage, baseURL, { name: 'Pink Guitar', cost: 120 }, png);
  for (const name of ['Tea Set', 'Red Scarf', 'Blue Vase', 'Green Lamp']) {
    await createWishWithImageByApi(creatorPage, baseURL, { name, cost: 45 }, png);
  }

  // A phone-sized window, so the first wish sits below the fold and loads lazily as it scrolls in.
  const context = await browser.newContext({ viewport: { width: 390, height: 500 } });
  const visitor = await context.newPage();
  await visitor.goto(`/${creator.handle}`);
  const card = wishlist(visitor).getByRole('link', { name: /Pink Guitar/ });
  await card.scrollIntoViewIfNeeded();
  await expect.poll(() => isPictureShown(visitor, 'Pink Guitar')).toBe(true);
  // Scrolling hydrated the page (decision 052): the picture stays shown.
  await waitForHydration(visitor);
  expect(await isPictureShown(visitor, 'Pink Guitar')).toBe(true);

  const wishVisitor = await context.newPage();
  await wishVisitor.goto(`/x/${wish.id}`);
  await wishVisitor.getByRole('img', { name: 'Pink Guitar' }).scrollIntoViewIfNeeded();
  await expect.poll(() => isPictureShown(wishVisitor, 'Pink Guitar')).toBe(true);
  await hydrate(wishVisitor);
  expect(await isPictureShown(wishVisitor, 'Pink Guitar')).toBe(true);
  await context.close();
});

test('the tab names the page: a wish by its name, a creator by theirs, an app screen by the route table', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  const { creator, wish } = await creatorWithWishes(await newBrowserPage(), baseURL, {
    name: 'Pink Guitar',
    cost: 120,
  });
  await page.goto(`/x/${wish.id}`);
  await expect(page).toHaveTitle('Pink Guitar · Sweetwish');
  await page.goto(`/${creator.handle}`);
  await expect(page).toHaveTitle(`${creator.displayName} (@${creator.handle}) · Sweetwish`);
  await hydrate(page);
  await wishlist(page)
    .getByRole('link', { name: /Pink Guitar/ })
    .click();
  await expect(page).toHaveTitle('Pink Guitar · Sweetwish');

  await signUp(page);
  await page.goto('/balance');
  await expect(page).toHaveTitle('Balance · Sweetwish');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveTitle('Settings · Sweetwish');
});

test('an app screen opened on a slow network shows the top bar and a placeholder at once, then the screen', async ({
  page,
}) => {
  await signUp(page);
  const html = await (await page.request.get('/balance')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('/balance has no entry script');
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
  await page.goto('/balance', { waitUntil: 'commit' });
  await expect(page.getByRole('link', { name: 'Sweetwish home' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Balance', exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
});

test('a signed-in visitor gets /{handle} and /x/{id} drawn by the app in the browser, over the placeholder', async ({
  page,
  newBrowserPage,
  baseURL,
  request,
}) => {
  test.slow();
  const { creator, wish } = await creatorWithWishes(await newBrowserPage(), baseURL, { name: 'Tea Set', cost: 45 });
  // What a signed-in user sees depends on who they are (their own page, the fan base menu).
  await signUp(page);

  for (const path of [`/${creator.handle}`, `/x/${wish.id}`]) {
    // page.request sends the page's session cookie; `request` has none.
    const signedIn = await (await page.request.get(path)).text();
    // The screen placeholder (the top bar and a spinner), and the app's code at once, not on interaction.
    expect(signedIn).toContain('"isScreenDrawn":false');
    expect(signedIn).toContain('aria-busy="true"');
    expect(signedIn).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    const signedOut = await (await request.get(path)).text();
    expect(signedOut).toContain('id="server-state"');
  }

  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(wishlist(page).getByRole('listitem')).toHaveText([/Tea Set/]);
  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tea Set' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy' })).toBeEnabled();
});
