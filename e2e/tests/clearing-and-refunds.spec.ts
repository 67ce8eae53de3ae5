import type { Page } from '@playwright/test';
import { uniqueDisplayName } from '../support/accounts';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { buyPackageInTokenMenu, payInSandbox, receivedList, sandboxControl } from '../support/wallet';

// Earned tokens clear before they can be withdrawn, and a refunded top-up takes back the gifts it paid for
// (issue 14, decision 017). On the suite's first server, which keeps the default clearing period of 7 days
// (the second clears at once, so payouts.spec.ts can withdraw what a tip earned).

/** Tops up `quantity` tokens from /balance and answers the card checkout's session id. */
async function topUp(page: Page, quantity: number): Promise<string> {
  let sessionId: string | undefined;
  page.on('request', (request) => {
    const id = new URL(request.url()).searchParams.get('session_id');
    if (id) sessionId = id;
  });
  await page.goto('/balance');
  await page.getByRole('button', { name: 'Add Tokens' }).click();
  await buyPackageInTokenMenu(page, quantity);
  await payInSandbox(page);
  await expect(page).toHaveURL(/\/home$/);
  expect(sessionId).toMatch(/^cs_/);
  return sessionId as string;
}

/** The fan tips `amount` tokens from the creator's profile. */
async function tip(page: Page, handle: string, amount: number): Promise<void> {
  await page.goto(`/${handle}`);
  await page.getByRole('link', { name: 'Send a Quick Tip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a Quick Tip' });
  await dialog.getByRole('textbox', { name: 'Tip amount in tokens' }).fill(String(amount));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Said in the dialog's Tip Sent step, which offers the fan base (or as a toast once the fan is a member).
  await expect(page.getByText('Tip sent successfully!')).toBeVisible();
}

const inSevenDays = () =>
  new Date(Date.now() + 7 * 24 * 3600 * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

test('a creator sees earnings pending until they clear, and cannot withdraw them yet', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const creator = await signUp(page, { displayName: uniqueDisplayName('Creator') });
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  await topUp(fanPage, 100);
  await tip(fanPage, creator.handle, 100);

  // 80 tokens arrive after fees: spendable now, withdrawable in 7 days.
  await page.goto('/balance');
  const card = page.getByRole('region', { name: 'Current Balance' });
  await expect(card.getByTestId('available-balance')).toHaveText('$0');
  await expect(card.getByText('Available for withdrawal')).toBeVisible();
  await expect(card.getByTestId('spendable-balance')).toHaveText('80 tokens to spend');
  await expect(card.getByText(`Pending: 80 tokens, available on ${inSevenDays()}`)).toBeVisible();
  const pending = card.getByRole('button', { name: 'Pending: 80 tokens' });
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(card.getByRole('listitem')).toHaveText([`80 tokens, available on ${inSevenDays()}`]);

  // With a payout account, the pending tokens still cannot be withdrawn.
  const request = page.getByRole('region', { name: 'Request Withdrawal' });
  await request.getByRole('button', { name: 'Set Up Payouts' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/balance$/);
  const amount = request.getByRole('textbox', { name: 'Withdrawal amount' });
  await amount.fill('50');
  await request.getByRole('button', { name: 'Withdraw' }).click();
  await expect(request.getByText('Insufficient balance')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Withdrawal History' }).getByText('No withdrawal history yet'),
  ).toBeVisible();
});

test("a refunded top-up shows its gift reversed in the fan's purchases and the creator's received list", async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creator = await signUp(page, { displayName: uniqueDisplayName('Creator') });
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  const sessionId = await topUp(fanPage, 100);
  await tip(fanPage, creator.handle, 40);

  // The platform refunds the whole payment (from Stripe's Dashboard; here, the sandbox's control).
  await sandboxControl(baseURL as string, process.env.E2E_DATA_DIR, '/sandbox/control/refunds', {
    checkout_session: sessionId,
  });

  // The fan's purchase and the creator's gift both say so, once the refund's webhook is applied.
  await fanPage.goto('/purchases');
  const purchase = fanPage
    .getByRole('list', { name: 'Purchases Made' })
    .getByRole('button')
    .filter({ hasText: creator.displayName });
  await expect(purchase).toContainText('Reversed');
  await page.goto('/received');
  const gift = receivedList(page).getByRole('link').filter({ hasText: 'Custom Tip' });
  await expect(gift).toContainText('$40');
  await expect(gift).toContainText('Reversed');
  // The creator's pending earnings of that tip are gone.
  await page.goto('/balance');
  await expect(page.getByTestId('spendable-balance')).toHaveText('0 tokens to spend');
});
