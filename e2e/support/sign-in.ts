import { expect, type Page } from '@playwright/test';
import { maskedPhone, nationalDigits, uniqueDisplayName, uniqueHandle, uniquePhone } from './accounts';
import { countSms, readLatestCode } from './outbox';
import { hydrate } from './server-rendered';

/**
 * Marks the terms as accepted as the browser records them (local storage, and the cookie the server renders
 * the sign-in screen by) before any page loads, so the terms dialog stays closed. Cookies are kept by host,
 * whatever the port of the suite's server.
 */
export async function acceptTermsUpFront(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'termsAccepted', value: '1', domain: 'localhost', path: '/' }]);
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
  // The sign-in screen is drawn by the server and hydrated on the first interaction (decision 052).
  await hydrate(page);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(nationalDigits(phone));
  await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(maskedPhone(phone));
  // A returning user has older codes in the outbox: wait for the one this sign-in sends.
  const alreadySent = await countSms(page.request, phone);
  await page.getByRole('button', { name: 'Continue with Phone' }).click();
  const code = await readLatestCode(page.request, phone, alreadySent);
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
 * The origin of the server this page's test talks to (a spec may use the second one), which state-changing
 * API calls must name (same-origin check): where a relative request lands.
 */
async function appOrigin(page: Page): Promise<string> {
  return new URL((await page.request.get('/api/public-config')).url()).origin;
}

/**
 * Signs a phone user in without the SMS screens, through the server's development sign-in
 * (POST /api/dev/sign-in: the session the SMS code would create, its cookie set in this page's browser).
 * The user is created the first time; their profile is not completed. For tests that are not about signing in.
 */
export async function signInDirectly(page: Page, phone = uniquePhone()): Promise<{ phone: string }> {
  await acceptTermsUpFront(page);
  const res = await page.request.post('/api/dev/sign-in', {
    data: { phoneNumber: phone },
    headers: { Origin: await appOrigin(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { phone };
}

/**
 * A new user with a complete profile, signed in directly (signInDirectly) and left on /home: what most
 * tests need before they start. The sign-in specs drive the screens instead (signUpByPhone).
 */
export async function signUp(
  page: Page,
  { handle = uniqueHandle(), displayName = uniqueDisplayName(), phone = uniquePhone() }: Partial<TestUser> = {},
): Promise<TestUser> {
  await signInDirectly(page, phone);
  const res = await page.request.post('/api/profile/complete', {
    data: { handle, displayName },
    headers: { Origin: await appOrigin(page) },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: `Hi, ${displayName}!` })).toBeVisible();
  return { phone, handle, displayName };
}

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
