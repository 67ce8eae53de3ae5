import { uniqueDisplayName } from '../support/accounts';
import { readOutbox } from '../support/outbox';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { confirmInSheet, topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// Receipts (product.md section 4, Receipts and reminders; decision 091): a top-up and a purchase each send
// the fan one receipt by their sign-in channel, seen here in the local outbox as a person would read it.

test('a top-up and a purchase each send the fan one receipt, seen in the local outbox', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Walnut Bookends', cost: 20 });
  const fan = await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');
  await page.goto(`/x/${wish.id}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await confirmInSheet(page, '20 tokens', 'Buy for 20 Tokens');
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();

  const receiptsTo = async (phone: string) =>
    (await readOutbox(page.request)).filter((m) => m.to === phone && m.text.startsWith('Sweetwish receipt:'));
  await expect.poll(async () => (await receiptsTo(fan.phone)).length, { message: 'two receipts' }).toBe(2);
  const [purchase, topUp] = await receiptsTo(fan.phone);
  expect(topUp?.channel).toBe('sms');
  expect(topUp?.text).toMatch(/50 tokens added to your wallet, \$[\d.]+ paid by card on .+ UTC\./);
  expect(topUp?.text).toContain(`${baseURL}/balance`);
  expect(purchase?.text).toContain(`You bought Walnut Bookends for ${creator.displayName}: 20 tokens ($20) on `);
  expect(purchase?.text).toContain(`${baseURL}/purchases`);

  // The outbox page shows it as the fan's phone would.
  await page.goto('/dev/outbox');
  const card = page.getByText(/^Sweetwish receipt: You bought Walnut Bookends/);
  await expect(card).toBeVisible();
  await expect(page.getByText(fan.phone).first()).toBeVisible();
});
