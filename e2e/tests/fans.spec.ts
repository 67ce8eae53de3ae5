import { uniqueDisplayName } from '../support/accounts';
import { buyWish } from '../support/conversations';
import { expectSamePage, markPage } from '../support/same-page';
import { signUp, toast } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// The fan base (product.md section 1, issue 6 item 9): a fan who rewarded a creator joins it from /success, the
// creator sees them on /fans live, the fan leaves and joins again from the creator's profile menu, and
// someone who never rewarded the creator is not offered it.

test('a fan joins the fan base from /success and the creator sees them on /fans, live', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Red Scarf', cost: 50 });
  // The side menu leads to the fan base, empty for now.
  await creatorPage.getByRole('button', { name: /^Menu/ }).click();
  await creatorPage.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Fans' }).click();
  await expect(creatorPage).toHaveURL(/\/fans$/);
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Fans' })).toBeVisible();
  await expect(creatorPage.getByText('No Fans Yet')).toBeVisible();
  await markPage(creatorPage);

  // The fan buys a wish; /success offers the fan base and says what joining shares.
  const fan = await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');
  await buyWish(page, wish.id);
  const offer = page.getByRole('region', { name: `Join ${creator.displayName}'s fan base?` });
  await expect(offer).toContainText(`${creator.displayName} will see your name and the total you have given them`);
  await offer.getByRole('button', { name: 'Join Fan Base' }).click();
  await expect(page.getByText(`You joined ${creator.displayName}'s fan base.`)).toBeVisible();

  // The creator's page lists the fan with what they gave and since when, without a reload.
  const fans = creatorPage.getByRole('list', { name: 'Fans' });
  const row = fans.getByRole('link', { name: new RegExp(fan.displayName) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('$50');
  await expect(row).toContainText(/Fan since [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/);
  await expect(row).toHaveAttribute('href', `/${fan.handle}`);
  await expectSamePage(creatorPage);

  // From the creator's profile menu the fan leaves, and joins again after the dialog that explains it.
  await page.goto(`/${creator.handle}`);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Leave Fan Base' }).click();
  await expect(toast(page, `You left ${creator.displayName}'s fan base.`)).toBeVisible();
  await expect(creatorPage.getByText('No Fans Yet')).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Join Fan Base' }).click();
  const dialog = page.getByRole('dialog', { name: `Join ${creator.displayName}'s fan base?` });
  await expect(dialog).toContainText('Anything you sent anonymously stays anonymous.');
  await dialog.getByRole('button', { name: 'Join Fan Base' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // Someone who never rewarded the creator gets no fan base items in the profile menu (only Block and
  // Report, decision 028), and the owner no profile menu.
  const visitor = await newBrowserPage();
  await signUp(visitor);
  // Once the page has asked whether they may join (and heard no), there is still no menu.
  const membership = visitor.waitForResponse((res) => res.url().endsWith('/fan-membership'));
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByRole('link', { name: 'Send a Quick Tip' })).toBeVisible();
  expect(await (await membership).json()).toEqual({ canJoin: false, isMember: false });
  await visitor.getByRole('button', { name: 'Profile menu' }).click();
  await expect(visitor.getByRole('menuitem', { name: 'Block' })).toBeVisible();
  await expect(visitor.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(visitor.getByRole('menuitem', { name: /Fan Base/ })).toHaveCount(0);
  await visitor.keyboard.press('Escape');
  await creatorPage.goto(`/${creator.handle}`);
  await expect(creatorPage.getByRole('link', { name: 'Add Item' })).toBeVisible();
  await expect(creatorPage.getByRole('button', { name: 'Profile menu' })).toHaveCount(0);
});
