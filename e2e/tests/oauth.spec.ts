import type { Page } from '@playwright/test';
import { uniqueDisplayName, uniqueEmail, uniqueHandle } from '../support/accounts';
import { readLatestEmailLink } from '../support/outbox';
import { hydrate } from '../support/server-rendered';
import { acceptTermsUpFront, completeProfileHere, toast } from '../support/sign-in';
import { expect, test } from '../support/test';

// Google and Apple sign-in (issue 15), in Chromium, against the e2e suite's second server: the app with
// both providers at a local OpenID Connect provider on another site (127.0.0.1 while the app is on
// localhost), whose pages ask who signs in (support/oauth-server.ts, apps/server/test/oauth-provider.ts).

test.use({ baseURL: `http://localhost:${process.env.E2E_OAUTH_PORT}` });

const CANCELLED = 'Sign-in was cancelled. Choose a way to sign in to try again.';

type Identity = { email: string; name?: string; firstName?: string; lastName?: string; isVerified?: boolean };

/** On the local provider's page: says who signs in and continues (or cancels). */
async function atProvider(page: Page, provider: 'google' | 'apple', identity: Identity | 'cancel') {
  await expect(page.getByRole('heading', { name: `Sign in with local ${provider}` })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  if (identity === 'cancel') {
    await page.getByRole('button', { name: 'Cancel' }).click();
    return;
  }
  await page.getByRole('textbox', { name: 'Account ID' }).fill(`sub-${identity.email}`);
  await page.getByRole('textbox', { name: 'Email' }).fill(identity.email);
  if (identity.isVerified === false) await page.getByRole('checkbox', { name: 'Email verified' }).uncheck();
  if (identity.name) await page.getByRole('textbox', { name: 'Name' }).fill(identity.name);
  if (identity.firstName) await page.getByRole('textbox', { name: 'First name' }).fill(identity.firstName);
  if (identity.lastName) await page.getByRole('textbox', { name: 'Last name' }).fill(identity.lastName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function isSignedIn(page: Page): Promise<boolean> {
  return (await (await page.request.get('/api/me')).json()) !== null;
}

test.beforeEach(async ({ page }) => {
  await acceptTermsUpFront(page);
});

test('Google signs a new user in, on to /complete-profile with the return path kept', async ({ page }) => {
  // Any page of the app; /settings stays put for a signed-in user (a tip page for nobody would move on).
  const returnPath = '/settings';
  await page.goto(`/sign-in?return=${encodeURIComponent(returnPath)}`);
  await hydrate(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(page, 'google', { email: uniqueEmail(), name: 'Ann Lee' });

  await expect(page).toHaveURL(`/complete-profile?return=${encodeURIComponent(returnPath)}`);
  await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Ann Lee');
  await completeProfileHere(page, { handle: uniqueHandle(), displayName: uniqueDisplayName() });
  await expect(page).toHaveURL(returnPath);
  await expect(
    page.getByRole('region', { name: 'Sign-in methods' }).getByText('Google', { exact: true }),
  ).toBeVisible();
});

test('Apple answers with a cross-site form_post, and the name it sends once is offered', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/auth/callback/apple')) {
      posts.push(request.headers().origin ?? '');
    }
  });
  await page.goto('/sign-in');
  await hydrate(page);
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await atProvider(page, 'apple', { email: uniqueEmail(), firstName: 'Maya', lastName: 'Ortiz' });

  await expect(page).toHaveURL('/complete-profile');
  // The answer came as a form POST from the provider's origin, another site.
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0] ?? '').hostname).toBe('127.0.0.1');
  await expect(page.getByRole('textbox', { name: 'Display Name' })).toHaveValue('Maya Ortiz');
  expect(await isSignedIn(page)).toBe(true);
});

test('a cancelled sign-in comes back to the sign-in screen and says so', async ({ page }) => {
  await page.goto('/sign-in?return=%2Fhome');
  await hydrate(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(page, 'google', 'cancel');

  await expect(toast(page, CANCELLED)).toBeVisible();
  // The error is said once and leaves the address; the return path stays.
  await expect(page).toHaveURL('/sign-in?return=%2Fhome');
  expect(await isSignedIn(page)).toBe(false);

  await hydrate(page);

  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await atProvider(page, 'apple', 'cancel');
  await expect(toast(page, CANCELLED)).toBeVisible();
  await expect(page).toHaveURL('/sign-in?return=%2Fhome');
});

test('a tampered state is refused: back on the sign-in screen, signed out', async ({ page }) => {
  await page.goto('/sign-in');
  await hydrate(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with local google' })).toBeVisible();
  // Someone swaps the state the app handed out (its request travels in the provider page's form).
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('input[name="request"]');
    if (!field) throw new Error('no request field');
    const request = new URLSearchParams(field.value);
    request.set('state', `${request.get('state')}tampered`);
    field.value = request.toString();
  });
  await atProvider(page, 'google', { email: uniqueEmail() });

  await expect(toast(page, 'There was a problem signing in.')).toBeVisible();
  await expect(page).toHaveURL('/sign-in');
  expect(await isSignedIn(page)).toBe(false);
});

test('Google with the verified address of an e-mail account reaches that account; settings show and remove it', async ({
  page,
}) => {
  const email = uniqueEmail();
  const handle = uniqueHandle();
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  // The method is a link: a new page, hydrated on the first interaction.
  await hydrate(page);
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
  await expect(page).toHaveURL(/\/email-link-sent$/);
  await page.goto(await readLatestEmailLink(page.request, email));
  await completeProfileHere(page, { handle, displayName: uniqueDisplayName() });
  await expect(page).toHaveURL('/home');
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await hydrate(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(page, 'google', { email, name: 'Someone Else' });
  // The same account, already complete: straight on.
  await expect(page).toHaveURL('/home');
  expect((await (await page.request.get('/api/me')).json()).handle).toBe(handle);

  await page.goto('/settings');
  const methods = page.getByRole('region', { name: 'Sign-in methods' });
  await expect(methods.getByText(email)).toBeVisible();
  await expect(methods.getByText('Google', { exact: true })).toBeVisible();
  await methods.getByRole('button', { name: 'Remove Google' }).click();
  await expect(methods.getByRole('button', { name: 'Link Google' })).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Remove Google' })).toHaveCount(0);
});
