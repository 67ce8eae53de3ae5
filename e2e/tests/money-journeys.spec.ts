import { uniqueDisplayName, uniqueEmail, uniqueHandle, uniquePhone } from '../support/accounts';
import { readLatestEmailLink } from '../support/outbox';
import { hydrate } from '../support/server-rendered';
import { acceptTermsUpFront, completeProfileHere, signInByPhoneHere, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import {
  confirmInSheet,
  confirmSheet,
  expectMenuBalance,
  payInSandbox,
  topUpAddedNotice,
  topUpFromBalance,
} from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// Money journeys that keep the fan's intent (product.md section 4, Intent across detours): a sign-in by
// e-mail link or by phone comes back to the screen and the dialog the fan left.

test('Buy while signed out, sign in by e-mail link: back on the wish with the confirm sheet open', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const creatorContext = await browser.newContext();
  const creatorPage = await creatorContext.newPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Brass Compass', cost: 30 });

  await acceptTermsUpFront(page);
  await page.goto(`/x/${wish.id}`);
  await hydrate(page);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?return=/);
  await page.getByRole('button', { name: 'Email', exact: true }).click();
  await hydrate(page);
  const email = uniqueEmail();
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-In Link Sent!' })).toBeVisible();

  // The link carries the way back; a new account finishes its profile first, then returns.
  const link = new URL(await readLatestEmailLink(page.request, email));
  expect(link.searchParams.get('return')).toBe(`/x/${wish.id}?resume=buy&amount=30`);
  await page.goto(link.href);
  await completeProfileHere(page, { handle: uniqueHandle(), displayName: uniqueDisplayName() });
  await expect(page).toHaveURL(new RegExp(`/x/${wish.id}$`));
  const sheet = confirmSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('What moves')).toContainText('You give30 tokens');
  await expect(sheet.getByLabel('What moves')).toContainText(`${creator.displayName} receives24 tokens`);
  await expect(sheet).toContainText('not a shipped item');
  // An empty wallet: nothing can be confirmed yet.
  await expect(sheet.getByRole('button', { name: 'Buy for 30 Tokens' })).toBeDisabled();
  await creatorContext.close();
});

test('Send a Quick Tip while signed out, sign in by phone: back on the profile with the tip dialog open', async ({
  page,
  newBrowserPage,
}) => {
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const fan = await signUp(page, { phone: uniquePhone() });
  // Signed out again, with the account kept.
  await page.context().clearCookies();
  await acceptTermsUpFront(page);

  await page.goto(`/${creator.handle}`);
  await hydrate(page);
  await page.getByRole('link', { name: 'Send a Quick Tip' }).click();
  await expect(page).toHaveURL(/\/sign-in\?return=/);
  await signInByPhoneHere(page, fan.phone);
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));
  const dialog = page.getByRole('dialog', { name: 'Send a Quick Tip' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`@${creator.handle}`)).toBeVisible();
});

test('a used e-mail link says "Link expired or invalid." and a new one keeps the way back', async ({ page }) => {
  await acceptTermsUpFront(page);
  await page.goto(`/sign-in?return=${encodeURIComponent('/balance')}&method=email`);
  await hydrate(page);
  const email = uniqueEmail();
  await page.getByRole('textbox', { name: 'Email Address' }).fill(email);
  await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-In Link Sent!' })).toBeVisible();
  const link = await readLatestEmailLink(page.request, email);
  await page.goto(link);
  await completeProfileHere(page, { handle: uniqueHandle(), displayName: uniqueDisplayName() });
  await expect(page).toHaveURL(/\/balance$/);

  // The same link again: used.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link expired or invalid.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get a New Link' })).toHaveAttribute(
    'href',
    `/sign-in?return=${encodeURIComponent('/balance')}`,
  );
});

test('one balance everywhere; with enough tokens Buy opens the confirm sheet, and nothing moves until confirmed', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Linen Apron', cost: 20 });
  const fan = await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');
  // Every top-up return says what it added, even with nothing else to resume.
  await expect(topUpAddedNotice(page, '50 tokens', '50 tokens')).toBeVisible();

  // One balance: the side menu (above), the profile card and /balance lead with the same figure; the
  // withdrawable part (none: bought tokens are for gifting) comes second, with the spec's label.
  await page.goto(`/${fan.handle}`);
  await expect(page.getByRole('region', { name: 'Your balance' })).toContainText('$50 50 tokens');
  await page.goto('/balance');
  await expect(page.getByTestId('total-balance')).toHaveText('$50');
  await expect(page.getByTestId('spendable-balance')).toHaveText('50 tokens to spend');
  await expect(page.getByTestId('available-balance')).toHaveText('$0');
  await expect(page.getByText('Available for withdrawal')).toBeVisible();

  await page.goto(`/x/${wish.id}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(confirmSheet(page)).toBeVisible();
  await confirmSheet(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmSheet(page)).toBeHidden();
  await expectMenuBalance(page, '50 tokens');

  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await confirmInSheet(page, '20 tokens', 'Buy for 20 Tokens');
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expectMenuBalance(page, '30 tokens');
});

test('Subscribe with too few tokens: the top-up comes back to the subscription terms, one tap from subscribing', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Weekly Letter', cost: 25, type: 'subscription' });
  await signUp(page);

  await page.goto(`/x/${wish.id}`);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const insufficient = page.getByRole('dialog', { name: 'Insufficient Balance' });
  await expect(insufficient.getByText('Monthly price: $25 | Current balance: $0')).toBeVisible();
  await expect(
    insufficient.getByText(
      'This will add 25 tokens to your wallet - the minimum needed to complete your subscription.',
    ),
  ).toBeVisible();
  await insufficient.getByRole('button', { name: 'Add Tokens' }).click();
  await payInSandbox(page, '$25.50');

  await expect(page).toHaveURL(new RegExp(`/x/${wish.id}$`));
  await expect(topUpAddedNotice(page, '25 tokens', '25 tokens')).toBeVisible();
  const sheet = page.getByRole('dialog', { name: 'Confirm Subscription' });
  await expect(sheet.getByLabel('What moves')).toContainText(`${creator.displayName} receives20 tokens a month`);
  await sheet.getByRole('button', { name: 'Subscribe for 25 Tokens a Month' }).click();
  await expect(page.getByText('You are subscribed')).toBeVisible();
  await expectMenuBalance(page, '0 tokens');
});
