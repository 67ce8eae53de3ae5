import { uniqueDisplayName, uniqueHandle, uniquePhone } from '../support/accounts';
import { readLatestCode } from '../support/outbox';
import { acceptTermsUpFront, completeProfileHere, signInByPhoneHere, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// Guards, the side menu, log-out and the landing page's signed-in card (product.md sections 2 and 4).

test('a protected screen shows a spinner, then sends a signed-out visitor to sign in and back', async ({ page }) => {
  test.slow();
  await acceptTermsUpFront(page);
  await page.goto('/home');
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveURL(/\/sign-in\?return=%2Fhome$/);

  // After signing in the visitor lands where they were going, once the profile is complete.
  await signInByPhoneHere(page, uniquePhone());
  await expect(page).toHaveURL(/\/complete-profile\?return=%2Fhome$/);
  const displayName = uniqueDisplayName();
  await completeProfileHere(page, { handle: uniqueHandle(), displayName });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Hi, ${displayName}!` })).toBeVisible();
});

test('the profile screen is protected too', async ({ page }) => {
  await page.goto('/complete-profile');
  await expect(page.getByRole('progressbar')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?return=%2Fcomplete-profile$/);
});

test('/home sends a user without a complete profile to finish it first', async ({ page }) => {
  await acceptTermsUpFront(page);
  await page.goto('/sign-in');
  await signInByPhoneHere(page, uniquePhone());
  await expect(page).toHaveURL(/\/complete-profile$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/complete-profile\?return=%2Fhome$/);
});

test('the side menu offers the signed-in entries, closes on navigation, and logs out', async ({ page }) => {
  test.slow();
  const user = await signUp(page);

  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(user.displayName);
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/${user.handle}`);
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Sign In / Sign Up' })).toHaveCount(0);

  await menu.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(menu).toBeHidden();
  await page.goBack();

  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  await expect(page.getByRole('link', { name: /^Continue as/ })).toHaveCount(0);
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
  // The logging-out flag is gone once the app runs on the landing page (on the first interaction with the
  // page the server rendered, decision 043).
  await page.mouse.move(5, 5);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('loggingOut'))).toBeNull();

  await page.goto('/unsafe');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Sign In / Sign Up' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Sign In / Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the landing page shows who is signed in, leading to /home', async ({ page }) => {
  const user = await signUp(page);

  await page.goto('/');
  const card = page.getByRole('link', { name: `Continue as ${user.displayName} @${user.handle}` });
  await expect(card).toBeVisible();
  await expect(page.getByText('Not you?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/sign-in');
  await card.click();
  await expect(page).toHaveURL(/\/home$/);

  // On the app's screens the logo leads to the user's profile.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sweetwish home' })).toHaveAttribute(
    'href',
    `/${user.handle}`,
  );
});

test('the landing page shows no card to a signed-out visitor, before the app starts or after', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  await expect(page.getByRole('link', { name: /^Continue as/ })).toHaveCount(0);
  // The app starts on the first interaction (decision 043) and asks who is signed in: nobody.
  const me = page.waitForResponse((res) => res.url().endsWith('/api/me'));
  await page.mouse.move(5, 5);
  expect(await (await me).json()).toBeNull();
  await expect(page.getByRole('link', { name: /^Continue as/ })).toHaveCount(0);
});

test('the dev outbox lists the messages sent, newest first', async ({ page }) => {
  await acceptTermsUpFront(page);
  const phone = uniquePhone();
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(phone.slice(2));
  await page.getByRole('button', { name: 'Continue with Phone' }).click();
  const code = await readLatestCode(page.request, phone);

  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  const entry = page.getByRole('listitem').filter({ hasText: phone });
  await expect(entry).toContainText('SMS');
  await expect(entry).toContainText(code);
});
