import type { Page } from '@playwright/test';
import { maskedPhone, nationalDigits, uniquePhone } from '../support/accounts';
import {
  expectHydrationKeepsMarkup,
  holdAppCode,
  hydrate,
  isHydrated,
  recordApiCalls,
  waitForHydration,
} from '../support/server-rendered';
import { acceptTermsUpFront, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// A visitor without a session gets the sign-in screen rendered on the server (decisions 043, 052): with the
// terms dialog over it until the browser has accepted them (their cookie), and with the inviter on an invite
// link. React hydrates it on the first interaction; before that, its links and the terms' form work as such.

const termsDialog = (page: Page) => page.getByRole('dialog', { name: 'Before you sign in' });

test('with JavaScript off, a first visit shows the terms over the sign-in screen, a returning one the screen alone', async ({
  browser,
  newBrowserPage,
}) => {
  const inviter = await signUp(await newBrowserPage());
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await visitor.goto('/sign-in');
  await expect(termsDialog(visitor)).toBeVisible();
  await expect(termsDialog(visitor)).toContainText('at least 18 years old');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome' })).toBeAttached();

  await context.addCookies([{ name: 'termsAccepted', value: '1', domain: 'localhost', path: '/' }]);
  await visitor.goto(`/join/${inviter.handle.toUpperCase()}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Invited by' })).toContainText(inviter.displayName);
  await expect(visitor.getByRole('dialog')).toHaveCount(0);
  await context.close();
});

test('React hydrates a server-rendered sign-in screen as it is, having asked the API nothing before', async ({
  page,
}) => {
  await acceptTermsUpFront(page);
  await expectHydrationKeepsMarkup(page, '/sign-in', 'Welcome');
});

test('"Accept" tapped before hydration is posted as a form: the server remembers it and draws the screen alone', async ({
  page,
}) => {
  await holdAppCode(page, '/sign-in?return=%2Fhome');
  await page.goto('/sign-in?return=%2Fhome');
  await termsDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/sign-in\?return=%2Fhome$/);
  await expect(termsDialog(page)).toHaveCount(0);
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
});

test('"Accept" once hydrated closes the dialog in place, and the server remembers it', async ({ page }) => {
  await page.goto('/sign-in');
  await hydrate(page);
  await termsDialog(page).getByRole('button', { name: 'Accept' }).click();
  await expect(termsDialog(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('termsAccepted'))).not.toBeNull();
  // The next page comes from the server without the dialog.
  expect(await (await page.request.get('/sign-in')).text()).not.toContain('Before you sign in');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a phone number typed before hydration is the one the code is sent to', async ({ page }) => {
  await acceptTermsUpFront(page);
  const releaseApp = await holdAppCode(page, '/sign-in');
  await page.goto('/sign-in');
  const phone = uniquePhone();
  const number = page.getByRole('textbox', { name: 'Phone Number' });
  await number.fill(nationalDigits(phone));
  expect(await isHydrated(page)).toBe(false);

  releaseApp();
  await waitForHydration(page);
  await expect(number).toHaveValue(maskedPhone(phone));
  await page.getByRole('button', { name: 'Continue with Phone' }).click();
  await expect(page.getByText(`We sent a 6-digit code to +1 ${maskedPhone(phone)}.`)).toBeVisible();
});

test('the back arrow and the e-mail method work before hydration: they are links', async ({ page }) => {
  await acceptTermsUpFront(page);
  await holdAppCode(page, '/sign-in');
  await page.goto('/sign-in');
  // The pointer lands on the method's icon, an <svg> element, not on the link itself.
  await page.getByRole('button', { name: 'Email', exact: true }).locator('svg').click();
  await expect(page).toHaveURL(/\/sign-in\?method=email$/);
  await expect(page.getByRole('textbox', { name: 'Email Address' })).toBeVisible();
  expect(await isHydrated(page)).toBe(false);
  // With no page of the app's before it, the back arrow goes to /home.
  await page.getByRole('link', { name: 'Back' }).locator('svg').click();
  await expect(page).toHaveURL(/\/home$/);
});

test('before hydration and after, an unknown invite code shows no inviter and is not looked up again', async ({
  page,
}) => {
  await acceptTermsUpFront(page);
  const apiCalls = recordApiCalls(page);
  await page.goto('/sign-in/nobody_has_this_code');
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await hydrate(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Invited by' })).toHaveCount(0);
  expect(apiCalls.filter((path) => path.startsWith('/api/affiliates/'))).toEqual([]);
  // The code is kept for the session, for the profile the visitor completes (product.md section 2).
  expect(await page.evaluate(() => sessionStorage.getItem('affiliate'))).toBe('nobody_has_this_code');
});
