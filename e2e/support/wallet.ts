import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** "1,000" from 1000, as the token menu writes quantities. */
const quantityText = (quantity: number) => quantity.toLocaleString('en-US');

/** The token purchase menu (a bottom sheet titled "Buy Tokens"). */
export function tokenMenu(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Buy Tokens' });
}

/** In the open token menu: picks the package of `quantity` tokens and confirms, which goes to the card checkout. */
export async function buyPackageInTokenMenu(page: Page, quantity: number): Promise<void> {
  const menu = tokenMenu(page);
  await expect(menu).toBeVisible();
  const pack = menu.getByRole('radio', { name: new RegExp(`^${quantityText(quantity)} Tokens`) });
  await pack.click();
  await expect(pack).toHaveAttribute('aria-checked', 'true');
  await menu.getByRole('button', { name: `Buy ${quantityText(quantity)} Tokens` }).click();
}

/**
 * On the card sandbox's checkout page: checks that it says test mode, has the test card filled in and
 * (when given) charges `total` ("$102.00"), then pays with the test card.
 */
export async function payInSandbox(page: Page, total?: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/?#]+$/);
  await expect(page.getByRole('note')).toContainText('Test mode');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
  if (total !== undefined) await expect(page.getByRole('main')).toContainText(`Total${total}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

/** The side menu (once opened with the top bar's button). */
export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menu' });
}

/**
 * Opens the side menu, waits for its balance row to read `tokens` ("100 tokens"; the webhook that credits
 * a top-up lands a moment after the return, and the balance follows live) and closes the menu again.
 */
export async function expectMenuBalance(page: Page, tokens: string): Promise<void> {
  // "Menu", or "Menu, N unseen" while received gifts are unseen.
  await page.getByRole('button', { name: /^Menu/ }).click();
  const menu = sideMenu(page);
  await expect(menu.getByText(tokens, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/**
 * Tops up from /balance as a user would ("Add Tokens", a package, pay in the sandbox), ends back on /home
 * and waits until the side menu shows `balanceAfter`.
 */
export async function topUpFromBalance(page: Page, quantity: number, balanceAfter: string): Promise<void> {
  await page.goto('/balance');
  await page.getByRole('button', { name: 'Add Tokens' }).click();
  await buyPackageInTokenMenu(page, quantity);
  await payInSandbox(page);
  await expect(page).toHaveURL(/\/home$/);
  await expectMenuBalance(page, balanceAfter);
}

/** The list of gifts on /received. */
export function receivedList(page: Page): Locator {
  return page.getByRole('list', { name: 'Received Gifts' });
}

/** On a received gift's detail: the value next to `label` (Gross, Fees or Net). */
export function amountOf(page: Page, label: 'Gross' | 'Fees' | 'Net'): Locator {
  return page.getByLabel('Amounts').getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

/**
 * Calls the card sandbox's control API (what Stripe's Dashboard or a bank would do) on the server whose
 * data folder is `dataDir`, with the sandbox's secret key, and answers the JSON it returns.
 */
export async function sandboxControl(baseURL: string, dataDir: string | undefined, path: string, body: unknown) {
  const { secretKey } = JSON.parse(fs.readFileSync(`${dataDir}/card-sandbox/keys.json`, 'utf8')) as {
    secretKey: string;
  };
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The sheet that confirms a purchase or a contribution before any token moves. */
export function confirmSheet(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Confirm Your Gift' });
}

/** In the open confirm sheet: checks what the fan gives (`gives`, "50 tokens") and confirms with `confirm`. */
export async function confirmInSheet(page: Page, gives: string, confirm: string | RegExp): Promise<void> {
  const sheet = confirmSheet(page);
  await expect(sheet).toBeVisible();
  await expect(sheet.getByLabel('What moves')).toContainText(`You give${gives}`);
  await sheet.getByRole('button', { name: confirm }).click();
}

/** The notice every return from a top-up shows once the tokens landed ("50 tokens added · Your balance: …"). */
export function topUpAddedNotice(page: Page, added: string, balance: string): Locator {
  return page.getByText(`${added} added · Your balance: ${balance}`, { exact: true });
}
