import type { Page } from '@playwright/test';
import { maskedPhone, nationalDigits, uniquePhone } from '../support/accounts';
import {
  expectTakeOverKeepsMarkup,
  holdAppCode,
  isAppReady,
  recordApiCalls,
  recordAppReady,
  takeOver,
} from '../support/server-rendered';
import { acceptTermsUpFront, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// A visitor without a session gets the sign-in screen rendered on the server (decision 043): with the terms
// dialog over it until the browser has accepted them (their cookie), and with the inviter on an invite link.
// The app takes it over on the first interaction, and carries out what the visitor did before.

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

test('the app takes a server-rendered sign-in screen over as it is, having asked the API nothing before', async ({
  page,
}) => {
  await acceptTermsUpFront(page);
  await expectTakeOverKeepsMarkup(page, '/sign-in', 'Welcome');
});

test('"Accept" clicked before the app has taken over is carried out once it has, and the server remembers it', async ({
  page,
}) => {
  await recordAppReady(page);
  const releaseApp = await holdAppCode(page, '/sign-in');
  await page.goto('/sign-in');
  await termsDialog(page).getByRole('button', { name: 'Accept' }).click();
  expect(await isAppReady(page)).toBe(false);
  await expect(termsDialog(page)).toBeVisible();

  releaseApp();
  await expect(termsDialog(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('termsAccepted'))).not.toBeNull();
  // The next page comes from the server without the dialog.
  expect(await (await page.request.get('/sign-in')).text()).not.toContain('Before you sign in');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a phone number typed before the app has taken over is the one the code is sent to', async ({ page }) => {
  await acceptTermsUpFront(page);
  await recordAppReady(page);
  const releaseApp = await holdAppCode(page, '/sign-in');
  await page.goto('/sign-in');
  const phone = uniquePhone();
  const number = page.getByRole('textbox', { name: 'Phone Number' });
  await number.fill(nationalDigits(phone));
  expect(await isAppReady(page)).toBe(false);

  releaseApp();
  await page.waitForFunction(() => 'e2eAppReady' in window);
  await expect(number).toHaveValue(maskedPhone(phone));
  await page.getByRole('button', { name: 'Continue with Phone' }).click();
  await expect(page.getByText(`We sent a 6-digit code to +1 ${maskedPhone(phone)}.`)).toBeVisible();
});

test('a click on an icon before the app has taken over is carried out once it has: Back', async ({ page }) => {
  await acceptTermsUpFront(page);
  await recordAppReady(page);
  const releaseApp = await holdAppCode(page, '/sign-in');
  await page.goto('/sign-in');
  // The pointer lands on the arrow's drawing, an <svg> element, not on the button itself.
  await page.getByRole('button', { name: 'Back' }).locator('svg').click();
  expect(await isAppReady(page)).toBe(false);

  releaseApp();
  // With no page of the app's before it, the back arrow goes to /home.
  await expect(page).toHaveURL(/\/home$/);
});

test('before the take-over and after, an unknown invite code shows no inviter and is not looked up again', async ({
  page,
}) => {
  await acceptTermsUpFront(page);
  await recordAppReady(page);
  const apiCalls = recordApiCalls(page);
  await page.goto('/sign-in/nobody_has_this_code');
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await takeOver(page);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Invited by' })).toHaveCount(0);
  expect(apiCalls.filter((path) => path.startsWith('/api/affiliates/'))).toEqual([]);
  // The code is kept for the session, for the profile the visitor completes (product.md section 2).
  expect(await page.evaluate(() => sessionStorage.getItem('affiliate'))).toBe('nobody_has_this_code');
});
