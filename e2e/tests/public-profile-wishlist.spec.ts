import type { Page } from '@playwright/test';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi } from '../support/wishes';

// The public profile and the public wish page (product.md section 2): the wishlist in product.md's order, the
// owner's wish menu (Pin, Archive), the archived filter, the search box, and what a visitor sees.

function wishlist(page: Page) {
  return page.getByRole('list', { name: 'Wishlist' });
}

/** The wishes on screen, in order, by name. */
async function expectWishOrder(page: Page, names: string[]) {
  await expect(wishlist(page).getByRole('listitem')).toHaveText(names.map((name) => new RegExp(name)));
}

async function openWishMenu(page: Page, name: string) {
  await wishlist(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  const menu = page.getByRole('dialog', { name });
  await expect(menu).toBeVisible();
  return menu;
}

test('the owner pins and archives wishes through the wish menu and sees the order and the archived filter', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const creator = await signUp(page);
  await createWishByApi(page, baseURL, { name: 'Pink Guitar', cost: 120 });
  await createWishByApi(page, baseURL, { name: 'Vintage Telescope', cost: 2500 });
  await createWishByApi(page, baseURL, { name: 'Tea Set', cost: 45 });

  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(page.getByText(`@${creator.handle}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Item' })).toHaveAttribute('href', '/create');
  await expect(page.getByRole('link', { name: creator.displayName, exact: true })).toHaveAttribute('href', '/profile');
  await page.getByRole('button', { name: 'Links', exact: true }).click();
  await expect(page.getByText('This user has no links!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Update Links' })).toHaveAttribute('href', '/profile/links');
  await page.getByRole('button', { name: 'About', exact: true }).click();
  await expect(page.getByText('No bio provided.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Bio' })).toHaveAttribute('href', '/profile/description');
  // Newest first while nothing is pinned.
  await expectWishOrder(page, ['Tea Set', 'Vintage Telescope', 'Pink Guitar']);
  await expect(wishlist(page).getByRole('listitem').first()).toContainText('$45');

  // Pinning the oldest wish brings it to the front.
  let menu = await openWishMenu(page, 'Pink Guitar');
  await expect(menu.getByRole('button', { name: 'Share Link' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Edit Item' })).toBeVisible();
  await menu.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(menu).toBeHidden();
  await expectWishOrder(page, ['Pink Guitar', 'Tea Set', 'Vintage Telescope']);

  // A newer wish still comes after the pinned one.
  await createWishByApi(page, baseURL, { name: 'Red Scarf', cost: 1999 });
  await page.reload();
  await expectWishOrder(page, ['Pink Guitar', 'Red Scarf', 'Tea Set', 'Vintage Telescope']);
  await expect(wishlist(page).getByRole('listitem').nth(1)).toContainText('$1,999');

  // The menu now offers Un-Pin for the pinned wish.
  menu = await openWishMenu(page, 'Pink Guitar');
  await expect(menu.getByRole('button', { name: 'Un-Pin' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Archiving takes a wish off the list…
  menu = await openWishMenu(page, 'Tea Set');
  await menu.getByRole('button', { name: 'Archive' }).click();
  await expect(menu).toBeHidden();
  await expectWishOrder(page, ['Pink Guitar', 'Red Scarf', 'Vintage Telescope']);

  // …and "Show Archived Items" shows only the archived ones, which the menu offers to restore.
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('switch', { name: 'Show Archived Items' }).check();
  await page.keyboard.press('Escape');
  await expectWishOrder(page, ['Tea Set']);
  menu = await openWishMenu(page, 'Tea Set');
  await expect(menu.getByRole('button', { name: 'Restore' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('switch', { name: 'Show Archived Items' }).uncheck();
  await page.keyboard.press('Escape');
  await expectWishOrder(page, ['Pink Guitar', 'Red Scarf', 'Vintage Telescope']);

  // "Edit Item" takes the wish to the edit screen.
  menu = await openWishMenu(page, 'Red Scarf');
  await menu.getByRole('button', { name: 'Edit Item' }).click();
  await expect(page).toHaveURL(/\/edit$/);
});

test('a visitor searches the wishlist and opens a wish with its price and repeat-purchase text', async ({
  page,
  baseURL,
  browser,
}) => {
  test.slow();
  const creator = await signUp(page);
  await createWishByApi(page, baseURL, { name: 'Pink Guitar', cost: 120 });
  const telescope = await createWishByApi(page, baseURL, {
    name: 'Vintage Telescope',
    cost: 2500,
    allowRepeatPurchases: false,
  });
  await createWishByApi(page, baseURL, { name: 'Tea Set', cost: 45, description: 'Porcelain, for six.' });

  // The seller cannot buy their own wish.
  await page.goto(`/x/${telescope.id}`);
  await expect(page.getByRole('heading', { name: 'Vintage Telescope' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy' })).toBeDisabled();

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Add Item' })).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: 'Filter' })).toHaveCount(0);
  await expect(wishlist(visitor).getByRole('listitem')).toHaveCount(3);
  await expect(visitor.getByText('No bio provided.')).toBeAttached();
  await expect(visitor.getByText('This user has no links!')).toBeAttached();

  // Case and symbols do not matter, and typos are forgiven.
  await visitor.getByRole('searchbox', { name: 'Search wishlist' }).fill('TELE-scope!');
  await expect(wishlist(visitor).getByRole('listitem').first()).toContainText('Vintage Telescope');
  await expect(wishlist(visitor).getByRole('link', { name: /Pink Guitar/ })).toHaveCount(0);
  await visitor.getByRole('searchbox', { name: 'Search wishlist' }).fill('');
  await expect(wishlist(visitor).getByRole('listitem')).toHaveCount(3);
  await visitor.getByRole('searchbox', { name: 'Search wishlist' }).fill('telscope');
  await wishlist(visitor)
    .getByRole('link', { name: /Vintage Telescope/ })
    .click();

  await expect(visitor).toHaveURL(new RegExp(`/x/${telescope.id}$`));
  await expect(visitor.getByRole('heading', { name: 'Vintage Telescope' })).toBeVisible();
  await expect(visitor.getByText('$2,500')).toBeVisible();
  await expect(visitor.getByText('Thank you!')).toBeVisible();
  await expect(visitor.getByText("Once someone buys this item, it's not available for purchase again.")).toBeVisible();
  await expect(visitor.getByText(`@${creator.handle}`)).toBeVisible();

  // A signed-out visitor is asked to sign in, and comes back here afterwards, to the confirm of this purchase.
  await visitor.getByRole('button', { name: 'Buy' }).click();
  await expect(visitor).toHaveURL(
    new RegExp(`/sign-in\\?return=${encodeURIComponent(`/x/${telescope.id}?resume=buy&amount=2500`)}$`),
  );
  await visitor.goBack();

  // The seller's name leads back to the profile.
  await visitor.getByRole('link', { name: new RegExp(creator.displayName) }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${creator.handle}$`));
  await context.close();
});

test('/{handle}/tip shows the profile at /{handle}; on a phone the wish menu is a bottom sheet', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const creator = await signUp(page);
  await createWishByApi(page, baseURL, { name: 'Tea Set', cost: 45 });
  await page.goto(`/${creator.handle}/tip`);
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expectWishOrder(page, ['Tea Set']);

  await page.setViewportSize({ width: 390, height: 844 });
  const sheet = await openWishMenu(page, 'Tea Set');
  await expect(sheet.getByRole('button', { name: 'Archive' })).toBeVisible();
  // The sheet sits on the bottom edge of the screen.
  const bottomEdge = async () => {
    const box = await sheet.boundingBox();
    return box ? Math.round(box.y + box.height) : 0;
  };
  await expect.poll(bottomEdge).toBe(844);
});
