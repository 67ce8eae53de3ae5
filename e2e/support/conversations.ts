import { expect, type Locator, type Page } from '@playwright/test';
import { readOutbox } from './outbox';

/** On a wish page (/x/{id}) already open or opened here: Buy and its confirm, ending on /success. */
export async function buyWish(page: Page, wishId: string): Promise<void> {
  await page.goto(`/x/${wishId}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Confirm Your Gift' })
    .getByRole('button', { name: /^Buy for / })
    .click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
}

/** The id of the user behind `handle` (GET /api/users/{handle}), to tip them through the API. */
export async function userIdOf(page: Page, handle: string): Promise<string> {
  const res = await page.request.get(`/api/users/${handle}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Tips `amount` tokens from the user signed in on `page` (POST /api/tips), as the tip dialog does. */
export async function tipByApi(page: Page, baseURL: string | undefined, recipientId: string, amount: number) {
  const origin = baseURL ?? new URL(page.url()).origin;
  const res = await page.request.post('/api/tips', { data: { recipientId, amount }, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(201);
}

/** The conversation screen's messages. */
export function messageList(page: Page): Locator {
  return page.getByRole('list', { name: 'Messages' });
}

/** The message holding `text` on the conversation screen. */
export function messageWith(page: Page, text: string | RegExp): Locator {
  return messageList(page).getByRole('listitem').filter({ hasText: text });
}

/** Types `text` in the composer and sends it; waits for it to show among the messages. */
export async function sendTextMessage(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageWith(page, text.slice(0, 40))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
}

/** Picks files with the composer's "Attach images" button, through the browser's file chooser. */
export async function attachFiles(
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach images' }).click();
  await (await chooser).setFiles(files);
}

/** The rows of /conversations. */
export function conversationList(page: Page): Locator {
  return page.getByRole('list', { name: 'Conversations' });
}

/** The "you have a message" texts sent to `phone` about the conversation at `conversationPath`. */
export async function messageNotifications(page: Page, phone: string, conversationPath: string) {
  return (await readOutbox(page.request)).filter(
    (m) =>
      m.channel === 'sms' &&
      m.to === phone &&
      m.text.includes('sent you a message') &&
      m.text.includes(conversationPath),
  );
}

/** The gift and tip texts sent to `phone`. */
export async function giftNotifications(page: Page, phone: string) {
  return (await readOutbox(page.request)).filter(
    (m) => m.channel === 'sms' && m.to === phone && / sent you a (gift|\$[\d,.]+ tip)/.test(m.text),
  );
}
