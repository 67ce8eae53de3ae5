import { maskedPhone } from '../support/accounts';
import { acceptTermsUpFront, signInByPhoneHere, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

// Settings (/settings, issue 6 item 10): notification switches that say where notifications go and stay as
// set, messages from fans, the show-balance switch, deleting an account (bought tokens must be given up first),
// and signing out everywhere.

test('settings stay as set, deleting an account with money asks to give it up, and "Sign out everywhere" ends every session', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const user = await signUp(page);
  // The same person signed in on a second device.
  const otherDevice = await newBrowserPage();
  await acceptTermsUpFront(otherDevice);
  await otherDevice.goto('/sign-in');
  await signInByPhoneHere(otherDevice, user.phone);
  await expect(otherDevice).toHaveURL(/\/home$/);
  await topUpFromBalance(page, 50, '50 tokens');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(
    page.getByText(`Sent by text message to +1 ${maskedPhone(user.phone)}, the way you sign in.`),
  ).toBeVisible();
  // The sign-in methods write the number the same way.
  await expect(
    page.getByRole('region', { name: 'Sign-in methods' }).getByText(`+1 ${maskedPhone(user.phone)}`, { exact: true }),
  ).toBeVisible();
  for (const name of ['Gifts and tips', 'Messages', 'Fans can message me', 'Show my balance']) {
    await expect(page.getByRole('switch', { name })).toBeChecked();
  }

  // Fans may no longer message; the balance is hidden on the profile. Both hold after a reload.
  await page.getByRole('switch', { name: 'Fans can message me' }).click();
  await page.getByRole('switch', { name: 'Show my balance' }).click();
  await expect(page.getByRole('switch', { name: 'Fans can message me' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Fans can message me' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show my balance' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Gifts and tips' })).toBeChecked();
  await page.goto(`/${user.handle}`);
  await expect(page.getByRole('region', { name: 'Your balance' })).toContainText('••••');
  await expect(page.getByRole('button', { name: 'Show balance' })).toBeVisible();

  // Deleting the account asks first; bought tokens cannot be withdrawn, so it goes ahead only once the user
  // agrees to give them up (decision 017), said before the irreversible press. Cancelling keeps everything.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await expect(
    dialog.getByText(
      'You still have 50 tokens that cannot be withdrawn. Confirm that you give them up to delete your account.',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Give Up and Delete' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/me')).status()).toBe(200);

  // Signing out everywhere leaves like Logout does, and the other device is signed out too.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('showMoney'))).toBeNull();
  expect(await (await otherDevice.request.get('/api/me')).json()).toBeNull();
});

test('deleting an account with an empty wallet signs out and takes the profile down', async ({ page }) => {
  test.slow();
  const user = await signUp(page);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  // It says so before leaving.
  const deleted = page.getByRole('dialog', { name: 'Your account was deleted' });
  await expect(deleted).toContainText('Records of payments are kept');
  await deleted.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
  await page.goto(`/${user.handle}`);
  await expect(page.getByRole('heading', { name: 'User Not Found' })).toBeVisible();
});
