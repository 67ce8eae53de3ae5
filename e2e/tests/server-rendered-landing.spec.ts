import { expectHydrationKeepsMarkup, waitForHydration } from '../support/server-rendered';
import { expect, test } from '../support/test';

// A visitor without a session gets the landing page rendered on the server (decisions 043, 052): the tagline
// rises in on a first visit only (the `visited` cookie tells the server), and React hydrates the page on the
// first interaction, a scroll included, since the sections below fade in as they come into view. (The back
// arrow of the sign-in page its "Log In" link opens is tested in sign-in-phone.spec.ts.)

test('with JavaScript off, the landing page shows, its tagline rising in on the first visit only', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto('/');
  const heading = visitor.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Your Sweetest Wishlist');
  await expect(heading.getByText('Sweetest', { exact: true })).not.toHaveCSS('animation-name', 'none');
  await expect(visitor.getByRole('link', { name: 'Create Wishlist' })).toBeVisible();

  await context.addCookies([{ name: 'visited', value: '1', domain: 'localhost', path: '/' }]);
  await visitor.goto('/');
  await expect(heading.getByText('Sweetest', { exact: true })).toHaveCSS('animation-name', 'none');
  await context.close();
});

test('React hydrates a server-rendered landing page as it is, having asked the API nothing before', async ({
  page,
}) => {
  await expectHydrationKeepsMarkup(page, '/', 'Your Sweetest Wishlist');
});

test('scrolling starts the app: the sections fade in and the top bar offers to sign in', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 3000);
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Sign In / Sign Up' })).toBeVisible();
});
