import { maskedPhone, uniqueDisplayName, uniqueHandle, uniquePhone } from '../support/accounts';
import { readLatestCode, readOutbox } from '../support/outbox';
import { hydrate } from '../support/server-rendered';
import { acceptTermsUpFront, completeProfileHere, signInByPhoneHere, signUpByPhone, toast } from '../support/sign-in';
import { expect, test } from '../support/test';

// The sign-in screen and its flows (product.md sections 2 and 4): phone code, e-mail link, the preview account,
// invite links and in-app browsers. Codes and links are read from the server's local outbox.

test.describe('the sign-in screen', () => {
  test('shows the terms once, until they are accepted', async ({ page }) => {
    await page.goto('/sign-in');
    const dialog = page.getByRole('dialog', { name: 'Before you sign in' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('at least 18 years old');
    await expect(dialog.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toBeHidden();
    // Hydrated or not yet (the Accept form), the browser now says so to the server.
    expect(await page.evaluate(() => document.cookie)).toContain('termsAccepted=1');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('offers phone first, e-mail on the toggle, and the legal and support links', async ({ page }) => {
    await acceptTermsUpFront(page);
    await page.goto('/sign-up');
    await expect(page.getByRole('button', { name: 'Phone', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('textbox', { name: 'Phone Number' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
    await expect(page.getByText('By signing in, you agree to the Terms of Service and Privacy Policy.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(page.getByText("Can't access your account? Support")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    // Without OAuth settings the server offers neither social sign-in.
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Email', exact: true }).click();

    // The method is a link: a new page, hydrated on the first interaction.

    await hydrate(page);
    await expect(page.getByRole('textbox', { name: 'Email Address' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Sign-In Link' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveCount(0);
  });

  test('the back arrow goes back one page, or to /home when the app was opened here', async ({ page }) => {
    await acceptTermsUpFront(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await hydrate(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/sign-in');
    await hydrate(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

test.describe('phone sign-in', () => {
  test('signs up with the code from the SMS, completes the profile and reaches /home', async ({ page }) => {
    await acceptTermsUpFront(page);
    const phone = uniquePhone();
    const handle = uniqueHandle();
    const displayName = uniqueDisplayName();
    await page.goto('/sign-in');

    const number = page.getByRole('textbox', { name: 'Phone Number' });
    await number.pressSequentially(phone.slice(2));
    await expect(number).toHaveValue(maskedPhone(phone));
    await page.getByRole('button', { name: 'Continue with Phone' }).click();

    // The number is locked and the button gone once the code is on its way.
    const codeField = page.getByRole('textbox', { name: 'SMS Code' });
    await expect(codeField).toBeVisible();
    await expect(number).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue with Phone' })).toHaveCount(0);

    const code = await readLatestCode(page.request, phone);
    const submit = page.getByRole('button', { name: 'Submit' });
    await codeField.fill(code.slice(0, 5));
    await expect(submit).toBeDisabled();
    await codeField.fill(` ${code} `);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page.locator('canvas[data-confetti]')).toHaveAttribute('aria-hidden', 'true');
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('textbox', { name: 'Phone Number' })).toHaveValue(`+1 ${maskedPhone(phone)}`);
    await completeProfileHere(page, { handle, displayName });

    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Hi, ${displayName}!` })).toBeVisible();
    await expect(page.getByRole('link', { name: /My Profile/ })).toHaveAttribute('href', `/${handle}`);
    await expect(page.getByRole('link', { name: /Search/ })).toHaveAttribute('href', '/search');
    await expect(page.getByRole('link', { name: /Settings/ })).toHaveAttribute('href', '/settings');

    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ handle, displayName, phoneNumber: phone, isProfileComplete: true });
  });

  test('a returning user with a complete profile goes straight to /home', async ({ page, newBrowserPage }) => {
    // Two sign-ins with their waits (confetti, handle check) on a shared server: allow more than the default.
    test.slow();
    const user = await signUpByPhone(page);
    // A browser of its own that comes from a network of its own, as every signing-in test does: a bare new
    // context would share the machine's address, and its per-network code limit, with other such tests.
    const again = await newBrowserPage();
    await acceptTermsUpFront(again);
    await again.goto('/sign-in');
    await signInByPhoneHere(again, user.phone);
    await expect(again).toHaveURL(/\/home$/);
    await expect(again.getByRole('heading', { name: `Hi, ${user.displayName}!` })).toBeVisible();
  });

  test('a wrong code shows "Error validating code" and keeps the code step', async ({ page }) => {
    await acceptTermsUpFront(page);
    const phone = uniquePhone();
    await page.goto('/sign-in');
    await page.getByRole('textbox', { name: 'Phone Number' }).fill(phone.slice(2));
    await page.getByRole('button', { name: 'Continue with Phone' }).click();
    const code = await readLatestCode(page.request, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: 'SMS Code' }).fill(wrong);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(toast(page, 'Error validating code')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('textbox', { name: 'SMS Code' })).toBeEnabled();
    expect(await (await page.request.get('/api/me')).json()).toBeNull();
  });

  test('while sign-in is busy the browser solves the check by itself and the code still arrives', async ({ page }) => {
    // Every request of this page comes from one address (support/test.ts): use up the sends its network
    // may make without a check, as a pumping script would.
    await acceptTermsUpFront(page);
    await page.goto('/sign-in');
    const origin = new URL(page.url()).origin;
    let sentFreely = 0;
    for (;;) {
      const res = await page.request.post('/api/auth/phone-number/send-otp', {
        headers: { Origin: origin },
        data: { phoneNumber: uniquePhone() },
      });
      if (res.status() === 429) {
        expect((await res.json()).error.fields).toHaveProperty('altcha');
        break;
      }
      expect(res.status()).toBe(200);
      sentFreely += 1;
      expect(sentFreely, 'a few sends go out without a check').toBeLessThan(20);
    }

    const phone = uniquePhone();
    const challenge = page.waitForResponse((res) => res.url().endsWith('/api/auth/challenge'));
    await signInByPhoneHere(page, phone);
    expect((await challenge).status()).toBe(200);
    await expect(page).toHaveURL(/\/complete-profile$/);
  });

  test('an invalid number shows "Invalid phone number" and sends nothing', async ({ page }) => {
    await acceptTermsUpFront(page);
    await page.goto('/sign-in');
    const number = page.getByRole('textbox', { name: 'Phone Number' });

    // The mask refuses a leading 0 and anything but digits.
    await number.pressSequentially('0ab(202) 555');
    await expect(number).toHaveValue('202-555');
    await page.getByRole('button', { name: 'Continue with Phone' }).click();
    await expect(toast(page, 'Invalid phone number')).toBeVisible();

    // Ten digits, but no US area code starts with 1.
    await number.fill('1235550123');
    await expect(number).toHaveValue('123-555-0123');
    await page.getByRole('button', { name: 'Continue with Phone' }).click();
    await expect(toast(page, 'Invalid phone number')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'SMS Code' })).toHaveCount(0);
    expect((await readOutbox(page.request)).filter((m) => m.to === '+11235550123')).toEqual([]);
  });
});
