import type { Page } from '@playwright/test';
import { uniqueHandle } from '../support/accounts';
import { userIdOf } from '../support/conversations';
import { checkScreen, LAYOUT_WIDTHS, overlaps, recordNextToast, seenToast } from '../support/layout';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { receivedList, topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// The screens a user trial found rough (issue 53), at a phone's and a laptop's width: none scrolls sideways
// or wraps a button's label (support/layout.ts), each says who and what, and a full-page screenshot of each
// is kept in the test's output folder. One sign-in per person; their pages are reused for every screen.

/** The theme's pink (lib/theme.ts), as the browser reports a colour. */
const THEME_PINK = 'rgb(240, 98, 146)';

/** A write the page's user makes, as the app would (the Origin header passes the same-origin check). */
async function post<T>(page: Page, origin: string, path: string, data?: unknown): Promise<T> {
  const res = await page.request.post(`/api${path}`, { data, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json().catch(() => undefined)) as T;
}

test('the named screens fit 390 and 1280 px and say who and what', async ({ page, newBrowserPage, baseURL }) => {
  // Two sign-ups, a card top-up, then 13 screens at two widths.
  test.setTimeout(240_000);
  const origin = baseURL ?? '';
  const creator = await signUp(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const wish = await createWishByApi(page, baseURL, { name: 'Watercolour set', cost: 20 });
  const monthly = await createWishByApi(page, baseURL, { name: 'Monthly sketch', cost: 20, type: 'subscription' });
  await post(page, origin, '/overlay/goal', { tokens: 50, title: 'New microphone' });
  await post(page, origin, '/webhooks/endpoints', {
    url: 'https://hooks.example.com/sweetwish/deliveries/a-rather-long-path-for-one-line',
    events: ['gift.received'],
  });

  const fanPage = await newBrowserPage();
  const fan = await signUp(fanPage);
  await topUpFromBalance(fanPage, 50, '50 tokens');
  const creatorId = await userIdOf(fanPage, creator.handle);
  const { tipId } = await post<{ tipId: string }>(fanPage, origin, '/tips', { recipientId: creatorId, amount: 5 });
  const { purchaseId } = await post<{ purchaseId: string }>(fanPage, origin, '/purchases', {
    productId: wish.id,
    sellerId: creatorId,
  });
  await post(fanPage, origin, '/subscriptions', { wishId: monthly.id });
  for (const id of [tipId, purchaseId]) {
    await post(fanPage, origin, '/conversations', { type: 'purchase', purchaseId: id });
  }

  // Any 404 the app asks for is an error in the console (a tip's detail once asked for group gift totals).
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404 && new URL(response.url()).pathname.startsWith('/api/'))
      notFound.push(response.url());
  });

  for (const width of LAYOUT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await fanPage.setViewportSize({ width, height: 900 });

    await page.goto('/received');
    await expect(receivedList(page).getByRole('link', { name: /Custom Tip/ })).toContainText(`From ${fan.displayName}`);
    await checkScreen(page, 'received');
    await page.goto(`/received/item/${tipId}`);
    await expect(page.getByText(/^Gifted on/)).toBeVisible();
    await checkScreen(page, 'received-item');

    await page.goto('/conversations');
    const conversations = page.getByRole('list', { name: 'Conversations' });
    await expect(conversations.getByText('Custom Tip · $5', { exact: true })).toBeVisible();
    await expect(conversations.getByText('Watercolour set · $20', { exact: true })).toBeVisible();
    await checkScreen(page, 'conversations');

    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Manage webhooks' })).toBeVisible();
    await checkScreen(page, 'settings');
    await page.goto('/settings/webhooks');
    await expect(page.getByRole('button', { name: 'Send test event' })).toBeVisible();
    await checkScreen(page, 'webhooks');
    await page.goto('/settings/overlay');
    await expect(page.getByText(/^Current goal: New microphone \(50 tokens\), started/)).toBeVisible();
    await checkScreen(page, 'overlay-settings');

    await page.goto('/balance');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    await checkScreen(page, 'balance');
    await page.getByRole('button', { name: 'Add Tokens' }).click();
    await expect(page.getByRole('radio', { name: /^1,000 Tokens/ })).toBeVisible();
    await checkScreen(page, 'token-menu');
    await page.keyboard.press('Escape');

    await page.goto('/subscriptions');
    await expect(page.getByRole('list', { name: 'My Subscribers' })).toContainText(fan.displayName);
    await checkScreen(page, 'subscriptions-creator');
    await fanPage.goto('/subscriptions');
    const link = fanPage.getByRole('list', { name: 'My Subscriptions' }).getByRole('link', { name: /Monthly sketch/ });
    await expect(link).toHaveCSS('color', THEME_PINK);
    await checkScreen(fanPage, 'subscriptions-fan');

    // The creator's page: the banner framed 2:1, as the crop dialog framed it.
    await page.goto(`/${creator.handle}`);
    const banner = page.getByRole('img', { name: `${creator.displayName}'s banner` });
    const box = await banner.boundingBox();
    expect(box && Math.round((box.width / box.height) * 100) / 100).toBe(2);
    await checkScreen(page, 'profile');
    // "Link Copied!" in the theme's colour, under the top bar: never over the menu button.
    await page.evaluate(recordNextToast, 'Link Copied!');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const seen = await seenToast(page);
    expect(seen.background).toBe(THEME_PINK);
    expect(overlaps(seen.toast, seen.menu)).toBe(false);

    await page.goto('/search');
    await page.getByRole('textbox', { name: 'Search users' }).fill('ab');
    await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();
    await checkScreen(page, 'search');

    await page.goto(`/${uniqueHandle('nobody')}`);
    await expect(page.getByRole('link', { name: 'Search' })).toBeVisible();
    await checkScreen(page, 'user-not-found');
  }
  expect(notFound.filter((url) => !url.includes('/api/users/nobody_'))).toEqual([]);
});
