import type { Page } from '@playwright/test';
import { uniqueDisplayName, uniqueHandle } from '../support/accounts';
import { signInDirectly, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// Complete Account Profile (product.md sections 2, 4 and 5): the handle status while typing, the display-name
// rules, and "Complete" only for a valid name and an available handle.

async function newPhoneUserOnCompleteProfile(page: Page) {
  await signInDirectly(page);
  await page.goto('/complete-profile');
  await expect(page.getByRole('heading', { name: 'Complete Account Profile' })).toBeVisible();
}

test('a handle someone holds shows "Handle taken, try another"', async ({ page, browser }) => {
  // Two sign-ups in one test: CI's full run once took more than the default 30 s here, still signing up the second.
  test.slow();
  const holder = await signUp(page);

  const context = await browser.newContext();
  const other = await context.newPage();
  await newPhoneUserOnCompleteProfile(other);
  await other.getByRole('textbox', { name: 'Display Name' }).fill(uniqueDisplayName());
  await other.getByRole('textbox', { name: 'Unique Handle' }).fill(holder.handle.toUpperCase());
  await expect(other.getByText('Handle taken, try another')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Complete' })).toBeDisabled();
  await context.close();
});

test('handle and display name rules show as the user types', async ({ page }) => {
  await newPhoneUserOnCompleteProfile(page);
  const handle = page.getByRole('textbox', { name: 'Unique Handle' });
  const complete = page.getByRole('button', { name: 'Complete' });

  // A reserved word is never available, without regard to case.
  await handle.fill('settings');
  await expect(page.getByText('Handle taken, try another')).toBeVisible();
  await handle.fill('Home');
  await expect(page.getByText('Handle taken, try another')).toBeVisible();

  await handle.fill('abc');
  await expect(page.getByText('Too Short')).toBeVisible();
  await handle.fill('a'.repeat(25));
  await expect(page.getByText('Too Long')).toBeVisible();
  await handle.fill('sweet-wish');
  await expect(page.getByText('Only letters, numbers, and _')).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Display Name' });
  await name.fill('Ann');
  await expect(page.getByText('Too Short')).toBeVisible();
  await name.fill('Ann!');
  await expect(page.getByText('Only letters, numbers, and spaces, and _')).toBeVisible();

  await name.fill('Ann Smith');
  await handle.fill(uniqueHandle());
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await expect(complete).toBeEnabled();
  await name.fill('A');
  await expect(complete).toBeDisabled();
});

test('the suggested handle can be taken with one tap', async ({ page }) => {
  await newPhoneUserOnCompleteProfile(page);
  const suggestion = page.getByRole('button', { name: /^Use / });
  const suggested = (await suggestion.textContent())?.replace(/^Use /, '') ?? '';
  expect(suggested).toMatch(/^[a-z]+_[a-z]+\d{3}$/);
  await suggestion.click();
  await expect(page.getByRole('textbox', { name: 'Unique Handle' })).toHaveValue(suggested);
  await page.getByRole('textbox', { name: 'Display Name' }).fill(uniqueDisplayName());
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await (await page.request.get('/api/me')).json()).handle).toBe(suggested);
});

test('"Not you? Log Out" signs out from the profile screen', async ({ page }) => {
  await newPhoneUserOnCompleteProfile(page);
  await expect(page.getByText('Not you?')).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
});
