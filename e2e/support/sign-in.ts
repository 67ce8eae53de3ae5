import { expect, type Page } from '@playwright/test';
import { maskedPhone, nationalDigits, uniqueDisplayName, uniqueHandle, uniquePhone } from './accounts';
import { readLatestCode } from './outbox';

/** Marks the terms as accepted before any page script runs, so the terms dialog stays closed. */
export async function acceptTermsUpFront(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      window.localStorage.setItem('termsAccepted', 'true');
    } catch {}
  });
}

/** The toast (top centre) with this text. */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * On the sign-in screen (already open): enters the number, sends the code, reads it from the outbox and
 * submits it. Leaves the page on its way to /complete-profile or /home.
 */
export async function signInByPhoneHere(page: Page, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(nationalDigits(phone));
  await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(maskedPhone(phone));
  await page.getByRole('button', { name: 'Continue with Phone' }).click();
  const code = await readLatestCode(page.request, phone);
  await page.getByRole('textbox', { name: 'SMS Code' }).fill(code);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** On /complete-profile: fills both fields, waits for the handle to be available, and completes. */
export async function completeProfileHere(page: Page, user: { handle: string; displayName: string }): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Complete Account Profile' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Display Name' }).fill(user.displayName);
  await page.getByRole('textbox', { name: 'Unique Handle' }).fill(user.handle);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Complete' }).click();
}

export type TestUser = { phone: string; handle: string; displayName: string };

/**
 * A new user, signed up through the screens: phone code from the outbox, then the profile, ending on /home.
 * `path` is the sign-in address to start from (an invite link, say).
 */
export async function signUpByPhone(
  page: Page,
  {
    handle = uniqueHandle(),
    displayName = uniqueDisplayName(),
    phone = uniquePhone(),
    path = '/sign-in',
  }: Partial<TestUser> & { path?: string } = {},
): Promise<TestUser> {
  await acceptTermsUpFront(page);
  await page.goto(path);
  await signInByPhoneHere(page, phone);
  await expect(page).toHaveURL(/\/complete-profile/);
  await completeProfileHere(page, { handle, displayName });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Hi, ${displayName}!` })).toBeVisible();
  return { phone, handle, displayName };
}
