import type { Locator, Page } from '@playwright/test';
import { uniqueDisplayName } from '../support/accounts';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import {
  amountOf,
  buyPackageInTokenMenu,
  confirmInSheet,
  expectMenuBalance,
  payInSandbox,
  receivedList,
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
  // The tip lets the fan join the creator's fan base: the dialog says it was sent and offers it; "Done" closes it.
  const sent = page.getByRole('dialog', { name: 'Tip Sent' });
  await expect(sent.getByRole('status')).toHaveText('Tip sent successfully!');
  await expect(sent.getByRole('region', { name: `Join ${creator.displayName}'s fan base?` })).toBeVisible();
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
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
