import type { Locator, Page } from '@playwright/test';
import { uniqueDisplayName } from '../support/accounts';
import { expectSamePage, markPage } from '../support/same-page';
import { signUp, toast } from '../support/sign-in';
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

/** The opacity a user sees for `locator`: its own times every ancestor's. */
function effectiveOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    return opacity;
  });
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

test('/{handle}/tip: "Get Tokens" while short, then an anonymous tip reaches the creator as "Custom Tip"', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const fan = await signUp(page);

  // The dialog opens on load; 10 tokens (the starting amount) are more than the empty wallet holds.
  await page.goto(`/${creator.handle}/tip`);
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));
  let dialog = page.getByRole('dialog', { name: 'Send a Quick Tip' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`@${creator.handle}`)).toBeVisible();
  await expect(dialog.getByText('Your balance: 0 tokens')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Tip amount in tokens' })).toHaveValue('10');
  await expect(dialog.getByText("Not enough tokens. You'll be redirected to purchase more.")).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  // The fan asks for 25 tokens, anonymously. "Get Tokens" closes the dialog and opens the token menu; the
  // top-up comes back to the creator's page with the dialog open again, the amount and the choice kept,
  // and says how many tokens were added. Known app race, not a test flake: when the menu's drawer mounts in
  // the same commit as the closing dialog's exit ends, MUI's modal manager leaves the drawer
  // aria-hidden="true", so the menu is hidden from assistive technology and the role-based lookup below
  // fails (seen about 1 run in 20 under load).
  await dialog.getByRole('textbox', { name: 'Tip amount in tokens' }).fill('25');
  await dialog.getByRole('checkbox', { name: 'Send anonymously' }).check();
  await dialog.getByRole('button', { name: 'Get Tokens' }).click();
  await expect(dialog).toBeHidden();
  await buyPackageInTokenMenu(page, 50);
  await payInSandbox(page, '$51.00');
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));
  await expect(topUpAddedNotice(page, '50 tokens', '50 tokens')).toBeVisible();
  dialog = page.getByRole('dialog', { name: 'Send a Quick Tip' });
  await expect(dialog.getByText('Your balance: 50 tokens')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Tip amount in tokens' })).toHaveValue('25');
  await expect(dialog.getByRole('checkbox', { name: 'Send anonymously' })).toBeChecked();
  await expect(dialog.getByText("Not enough tokens. You'll be redirected to purchase more.")).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Get Tokens' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Tip sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectMenuBalance(page, '25 tokens');

  // The creator's /received lists it as "Custom Tip"; the detail does not name the fan.
  await creatorPage.goto('/received');
  const row = receivedList(creatorPage).getByRole('link', { name: /Custom Tip/ });
  await expect(row).toContainText('$25');
  await expect(row.getByRole('img', { name: 'Unseen' })).toBeVisible();
  await row.click();
  await expect(creatorPage.getByRole('heading', { name: 'Custom Tip' })).toBeVisible();
  await expect(creatorPage.getByText('Anonymous', { exact: true })).toBeVisible();
  await expect(creatorPage.getByText(fan.displayName)).toHaveCount(0);
  await expect(creatorPage.getByText(`@${fan.handle}`)).toHaveCount(0);
  await expect(creatorPage.getByText(/^Gifted on /)).toBeVisible();
  await expect(amountOf(creatorPage, 'Gross')).toHaveText('$25');
  await expect(amountOf(creatorPage, 'Fees')).toHaveText('−$5');
  await expect(amountOf(creatorPage, 'Net')).toHaveText('$20');

  // The fan's purchases list it as "Tip".
  await page.goto('/purchases');
  const purchase = page
    .getByRole('list', { name: 'Purchases Made' })
    .getByRole('button')
    .filter({ has: page.getByText('Tip', { exact: true }) });
  await expect(purchase).toContainText(creator.displayName);
  await expect(purchase).toContainText('$25');
});

test('a single-purchase wish, once bought, is "already purchased" and wears the dimmed "Purchased" ribbon', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  await createWishByApi(creatorPage, baseURL, { name: 'Red Scarf', cost: 30 });
  const single = await createWishByApi(creatorPage, baseURL, {
    name: 'Tea Set',
    cost: 40,
    allowRepeatPurchases: false,
  });

  // Another visitor (signed out) sees both wishes on sale, the newer first (and the public pages cached).
  const visitor = await newBrowserPage();
  await visitor.goto(`/${creator.handle}`);
  const wishlist = visitor.getByRole('list', { name: 'Wishlist' });
  await expect(wishlist.getByRole('listitem')).toHaveText([/Tea Set/, /Red Scarf/]);
  await expect(wishlist.getByText('Purchased', { exact: true })).toHaveCount(0);
  await visitor.goto(`/x/${single.id}`);
  await expect(visitor.getByRole('heading', { name: 'Tea Set' })).toBeVisible();
  await expect(visitor.getByText("Once someone buys this item, it's not available for purchase again.")).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Buy', exact: true })).toBeEnabled();
  await expect(visitor.getByText('This wish is already purchased!')).toHaveCount(0);

  // A fan buys it.
  await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');
  await page.goto(`/x/${single.id}`);
  await pressBuy(page);
  await confirmInSheet(page, '40 tokens', 'Buy for 40 Tokens');
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();

  // The visitor now finds it sold.
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Tea Set' })).toBeVisible();
  await expect(visitor.getByText('This wish is already purchased!')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Buy', exact: true })).toBeDisabled();

  // On the public wishlist it goes after the wish still on sale, with the ribbon, dimmed.
  await visitor.goto(`/${creator.handle}`);
  await expect(wishlist.getByRole('listitem')).toHaveText([/Red Scarf/, /Tea Set/]);
  const sold = wishlist.getByRole('link', { name: /Tea Set/ });
  const ribbon = sold.getByText('Purchased', { exact: true });
  await expect(ribbon).toBeVisible();
  await expect.poll(() => effectiveOpacity(ribbon)).toBeLessThan(1);
  const available = wishlist.getByRole('link', { name: /Red Scarf/ });
  await expect(available.getByText('Purchased', { exact: true })).toHaveCount(0);
  await expect.poll(() => effectiveOpacity(available.getByText('Red Scarf', { exact: true }))).toBe(1);

  // The owner sees the ribbon too, but not dimmed.
  await creatorPage.goto(`/${creator.handle}`);
  const ownRibbon = creatorPage
    .getByRole('list', { name: 'Wishlist' })
    .getByRole('button', { name: /Tea Set/ })
    .getByText('Purchased', { exact: true });
  await expect(ownRibbon).toBeVisible();
  await expect.poll(() => effectiveOpacity(ownRibbon)).toBe(1);
});
