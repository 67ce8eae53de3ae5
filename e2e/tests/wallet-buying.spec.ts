import type { Page } from '@playwright/test';
import { uniqueDisplayName } from '../support/accounts';
import { expectSamePage, markPage } from '../support/same-page';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import {
  amountOf,
  buyPackageInTokenMenu,
  confirmInSheet,
  expectMenuBalance,
  payInSandbox,
  receivedList,
  tokenMenu,
  topUpAddedNotice,
  topUpFromBalance,
} from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// The token wallet and gifting (product.md sections 2 and 4): top-ups through the local card sandbox, Buy on a
// wish page with and without enough tokens, /success, /purchases, /received and its detail with the live
// update, the tip dialog, and a single-purchase wish once it is bought.

/** Presses Buy on the wish page that is open. */
async function pressBuy(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
}

test('a fan tops up in the card sandbox and buys a wish; the creator sees the gift arrive live', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  // The creator, in a browser of their own, with /received open.
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Pink Guitar', cost: 50 });
  await creatorPage.goto('/received');
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Received' })).toBeVisible();
  await expect(creatorPage.getByRole('heading', { name: 'Received Gifts' })).toBeVisible();
  await expect(creatorPage.getByText('No received items.')).toBeVisible();
  await markPage(creatorPage);

  // The fan tops up 100 tokens from /balance through the token menu.
  const fan = await signUp(page);
  await page.goto('/balance');
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Balance' })).toBeVisible();
  await expect(page.getByTestId('spendable-balance')).toHaveText('0 tokens to spend');
  await page.getByRole('button', { name: 'Add Tokens' }).click();
  const menu = tokenMenu(page);
  await expect(menu).toBeVisible();
  // Every package of section 9; the discounted ones show their original price struck through.
  await expect(menu.getByRole('radio')).toHaveCount(5);
  await expect(menu.getByRole('radio', { name: /^500 Tokens/ })).toContainText('10% off');
  await expect(menu.getByRole('radio', { name: /^500 Tokens/ }).locator('s')).toHaveText('$500');
  await expect(menu.getByRole('radio', { name: /^1,000 Tokens/ }).locator('s')).toHaveText('$1,000');
  await buyPackageInTokenMenu(page, 100);

  // The sandbox charges the tokens plus the 2% service fee; paying comes back through the top-up return.
  await payInSandbox(page, '$102.00');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Hi, ${fan.displayName}!` })).toBeVisible();
  await expectMenuBalance(page, '100 tokens');
  await page.goto('/balance');
  // Bought tokens are for gifting: none of them is available for withdrawal (decision 017).
  await expect(page.getByTestId('available-balance')).toHaveText('$0');
  await expect(page.getByTestId('spendable-balance')).toHaveText('100 tokens to spend');

  // The fan buys the wish.
  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('heading', { name: 'Pink Guitar' })).toBeVisible();
  await expect(page.getByText('$50', { exact: true })).toBeVisible();
  await pressBuy(page);
  // The sheet says what moves: 50 tokens from the fan, 40 to the creator (80% after fees).
  await expect(page.getByRole('dialog', { name: 'Confirm Your Gift' })).toContainText(
    `${creator.displayName} receives40 tokens`,
  );
  await confirmInSheet(page, '50 tokens', 'Buy for 50 Tokens');
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByText(creator.displayName, { exact: true })).toBeVisible();
  await expect(page.getByText(`@${creator.handle}`)).toBeVisible();
  await expect(page.getByText('Pink Guitar', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'No Thanks' })).toHaveAttribute('href', `/${creator.handle}`);
  await expectMenuBalance(page, '50 tokens');

  // Meanwhile the gift appears on the creator's /received, unseen, without a reload.
  const row = receivedList(creatorPage).getByRole('link', { name: /Pink Guitar/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$50');
  await expect(row.getByRole('img', { name: 'Unseen' })).toBeVisible();
  await expect(creatorPage.getByRole('button', { name: 'Menu, 1 unseen' })).toBeVisible();
  await expectSamePage(creatorPage);

  // Opening it shows the fan, the date and the split, and marks it seen.
  await row.click();
  await expect(creatorPage).toHaveURL(/\/received\/item\/[^/]+$/);
  await expect(creatorPage.getByRole('heading', { name: 'Pink Guitar' })).toBeVisible();
  await expect(creatorPage.getByRole('link', { name: new RegExp(fan.displayName) })).toHaveAttribute(
    'href',
    `/${fan.handle}`,
  );
  await expect(creatorPage.getByText(`@${fan.handle}`)).toBeVisible();
  await expect(creatorPage.getByText(/^Gifted on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th)$/)).toBeVisible();
  await expect(amountOf(creatorPage, 'Gross')).toHaveText('$50');
  await expect(amountOf(creatorPage, 'Fees')).toHaveText('−$10');
  await expect(amountOf(creatorPage, 'Net')).toHaveText('$40');
  await expect(creatorPage.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
  await creatorPage.getByRole('link', { name: 'Back' }).click();
  await expect(creatorPage).toHaveURL(/\/received$/);
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: 'Unseen' })).toHaveCount(0);

  // The fan's /purchases lists it (each row is the purchase's message button).
  await page.goto('/purchases');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
  const purchase = page.getByRole('list', { name: 'Purchases Made' }).getByRole('button', { name: /Pink Guitar/ });
  await expect(purchase).toBeVisible();
  await expect(purchase).toContainText(creator.displayName);
  await expect(purchase).toContainText('$50');
});

test('too few tokens: Buy opens Insufficient Balance, "Add Tokens" pays the difference and the purchase goes through', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Vintage Telescope', cost: 120 });

  await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');

  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('heading', { name: 'Vintage Telescope' })).toBeVisible();
  await pressBuy(page);
  const dialog = page.getByRole('dialog', { name: 'Insufficient Balance' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You need 70 more tokens.')).toBeVisible();
  await expect(dialog.getByText('Product cost: $120 | Current balance: $50')).toBeVisible();
  await expect(
    dialog.getByText('This will add 70 tokens to your wallet - the minimum needed to complete your purchase.'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/x/${wish.id}$`));

  // "Add Tokens" buys exactly the 70 missing (plus the 2% fee) and comes back to the wish, with the confirm
  // sheet open: the purchase is one tap away.
  await dialog.getByRole('button', { name: 'Add Tokens' }).click();
  await payInSandbox(page, '$71.40');
  await expect(page).toHaveURL(new RegExp(`/x/${wish.id}$`));
  await expect(topUpAddedNotice(page, '70 tokens', '120 tokens')).toBeVisible();
  await confirmInSheet(page, '120 tokens', 'Buy for 120 Tokens');
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByText('Vintage Telescope', { exact: true })).toBeVisible();
  await expectMenuBalance(page, '0 tokens');
});
