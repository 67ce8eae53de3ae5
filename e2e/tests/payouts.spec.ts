import { uniqueDisplayName } from '../support/accounts';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { sandboxControl, topUpFromBalance } from '../support/wallet';

// Payouts (issue: payouts): a creator who received gifts sets up a payout account in the local card
// sandbox, sees the Request Withdrawal card turn into the form, withdraws 50 and finds the withdrawal in
// the history ("Completed") and in the earnings statement.

// On the suite's second server, where earnings clear at once (playwright.config.ts): a tip can be withdrawn.
test.use({ baseURL: `http://localhost:${process.env.E2E_OAUTH_PORT}` });

test('a creator onboards in the sandbox, withdraws $50 and sees it Completed and in the statement', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const creator = await signUp(page, { displayName: uniqueDisplayName('Creator') });

  // A fan tips the creator 100 tokens: 80 arrive after fees.
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  await topUpFromBalance(fanPage, 100, '100 tokens');
  await fanPage.goto(`/${creator.handle}`);
  await fanPage.getByRole('link', { name: 'Send a Quick Tip' }).click();
  const dialog = fanPage.getByRole('dialog', { name: 'Send a Quick Tip' });
  await dialog.getByRole('textbox', { name: 'Tip amount in tokens' }).fill('100');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Said in the dialog's Tip Sent step, which offers the fan base (or as a toast once the fan is a member).
  await expect(fanPage.getByText('Tip sent successfully!')).toBeVisible();

  // No payout account yet: the card offers to set one up.
  await page.goto('/balance');
  await expect(page.getByRole('heading', { name: 'Balance', level: 1 })).toBeVisible();
  const card = page.getByRole('region', { name: 'Request Withdrawal' });
  await expect(card.getByText('Set up your payout account to start receiving withdrawals')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Withdrawal History' }).getByText('No withdrawal history yet'),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Set Up Payouts' }).click();

  // The sandbox's onboarding page, in test mode; completing it comes back to /balance.
  await expect(page).toHaveURL(/\/sandbox\/onboarding\//);
  await expect(page.getByRole('note')).toContainText('Test mode');
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/balance$/);

  // The status turns into the form (live, once the provider's webhook arrives).
  const amount = card.getByRole('textbox', { name: 'Withdrawal amount' });
  await expect(amount).toBeVisible();
  const withdraw = card.getByRole('button', { name: 'Withdraw' });
  await expect(withdraw).toBeDisabled();
  // Only digits stay; below 50 is refused in product.md's words.
  await amount.fill('4a9');
  await expect(amount).toHaveValue('49');
  await withdraw.click();
  await expect(card.getByText('Minimum withdrawal amount is $50')).toBeVisible();
  await amount.fill('81');
  await withdraw.click();
  await expect(card.getByText('Insufficient balance')).toBeVisible();

  await amount.fill('50');
  await withdraw.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Withdrawal submitted successfully' })).toBeVisible();
  await expect(amount).toHaveValue('');

  const history = page.getByRole('table', { name: 'Withdrawal History' });
  const row = history.getByRole('row').filter({ hasText: '$50' });
  await expect(row).toContainText('Completed');
  const today = new Date();
  const shortDate = `${today.getMonth() + 1}/${today.getDate()}/${String(today.getFullYear() % 100).padStart(2, '0')}`;
  await expect(row).toContainText(shortDate);
  await expect(page.getByRole('region', { name: 'Current Balance' })).toContainText('$30');

  // The statement: the withdrawal, and the tip received with its gross and fees.
  const lines = page.getByRole('list', { name: 'Statement lines' });
  await expect(lines.getByRole('listitem').first()).toContainText('Withdrawal');
  await expect(lines.getByRole('listitem').first()).toContainText('$50');
  const tipLine = lines.getByRole('listitem').filter({ hasText: 'Tip received' });
  await expect(tipLine).toContainText('Gross $100');
  await expect(tipLine).toContainText('Fees $20');
  await expect(tipLine).toContainText('+$80');

  // The CSV export of this month holds both lines.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const csv = await page.request.get((await exportLink.getAttribute('href')) as string);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text).toContain('"Withdrawal"');
  expect(text).toMatch(/"Tip received","Tip from [^"]+",100\.00,20\.00,80\.00/);
});

test('/test starts payout onboarding in the sandbox', async ({ page }) => {
  await signUp(page);
  await page.goto('/test');
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\//);
  await page.getByRole('button', { name: 'Leave for later' }).click();
  await expect(page).toHaveURL(/\/test$/);
  await page.goto('/balance');
  await expect(
    page
      .getByRole('region', { name: 'Request Withdrawal' })
      .getByText('Update your account information to enable withdrawals'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Account' })).toBeVisible();
});

test('a creator whose payouts the provider disables sees "Update your account information" instead of the form', async ({
  page,
  baseURL,
}) => {
  await signUp(page);
  await page.goto('/test');
  await page.getByRole('button', { name: 'Start Onboarding' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await page.goto('/balance');
  const card = page.getByRole('region', { name: 'Request Withdrawal' });
  await expect(card.getByRole('textbox', { name: 'Withdrawal amount' })).toBeVisible();
  const account = (await (await page.request.get('/api/payouts/account')).json()) as { account: { id: string } };

  // Stripe disables the account's payouts (it needs more information): account.updated on the Connect endpoint.
  await sandboxControl(
    baseURL as string,
    process.env.E2E_OAUTH_DATA_DIR,
    `/sandbox/control/accounts/${account.account.id}/payouts`,
    {
      enabled: false,
    },
  );
  await expect(card.getByText('Update your account information to enable withdrawals')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Update Account' })).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Withdrawal amount' })).toHaveCount(0);
});
