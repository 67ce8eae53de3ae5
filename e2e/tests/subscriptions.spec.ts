import { uniqueDisplayName } from '../support/accounts';
import { signUp, toast } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// Subscription wishes (issue 20, item 2; decision 034): a fan subscribes from the wish page with tokens,
// sees the next charge date, and cancels; the creator sees the subscriber and the monthly total.

const CHARGE_DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;

test('a fan subscribes to a monthly wish, sees the next charge date, and cancels', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Monthly sketch', cost: 20, type: 'subscription' });

  const fan = await signUp(page);
  await topUpFromBalance(page, 100, '100 tokens');
  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Monthly sketch' })).toBeVisible();
  await expect(page.getByText('$20 / month')).toBeVisible();
  await expect(page.getByText('Multiple people can subscribe to this item at the same time.')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  // The terms come first: the price a month, the next charge, how to cancel; nothing is charged before.
  const sheet = page.getByRole('dialog', { name: 'Confirm Subscription' });
  await expect(sheet.getByLabel('What moves')).toContainText('You give20 tokens a month');
  await expect(sheet).toContainText(new RegExp(`Next charge: ${CHARGE_DATE.source}\\.`));
  await expect(sheet).toContainText('Cancel any time in Subscriptions before then');
  await sheet.getByRole('button', { name: 'Subscribe for 20 Tokens a Month' }).click();
  await expect(toast(page, 'Subscribed!')).toBeVisible();
  await expect(page.getByText('You are subscribed')).toBeVisible();
  const nextCharge = page.getByText(/^Next charge: /);
  await expect(nextCharge).toHaveText(new RegExp(`^Next charge: ${CHARGE_DATE.source}$`));
  const nextChargeText = (await nextCharge.textContent()) ?? '';

  // The first month was charged from the wallet.
  await page.goto('/balance');
  await expect(page.getByTestId('spendable-balance')).toHaveText('80 tokens to spend');

  // Its subscriptions screen, reached from the balance screen: the same date, then a cancel.
  await page.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  const mine = page.getByRole('list', { name: 'My Subscriptions' });
  await expect(mine.getByText(nextChargeText, { exact: false })).toBeVisible();

  // The creator sees the subscriber and what they bring each month.
  await creatorPage.goto('/subscriptions');
  await expect(creatorPage.getByText('Monthly total: $20')).toBeVisible();
  await expect(creatorPage.getByRole('list', { name: 'My Subscribers' }).getByText(fan.displayName)).toBeVisible();

  await mine.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/Nothing is refunded/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(toast(page, 'Subscription canceled')).toBeVisible();
  await expect(mine.getByText(new RegExp(`Canceled: runs until ${CHARGE_DATE.source}`))).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Cancel' })).toHaveCount(0);

  // No refund; and the creator's monthly total no longer counts it.
  await page.goto('/balance');
  await expect(page.getByTestId('spendable-balance')).toHaveText('80 tokens to spend');
  await creatorPage.reload();
  await expect(creatorPage.getByText('Monthly total: $0')).toBeVisible();
});
