import { startWebhookReceiver, type WebhookReceiver } from '../../apps/server/test/webhook-receiver';
import { tipByApi, userIdOf } from '../support/conversations';
import { signUp, toast } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

// Webhooks (issue 19 item 3, decision 032): a creator adds an endpoint on the settings screen, a fan's tip
// in another browser reaches a real local receiver (the server runs on a local PUBLIC_URL, so http and
// 127.0.0.1 are allowed), and the delivery log shows it and sends it again with the same webhook-id.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

test('a creator adds an endpoint, a tip reaches it signed, and the log resends it', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creator = await signUp(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage webhooks' }).click();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();

  const { path, url } = receiver.newPath();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByRole('textbox', { name: 'Endpoint address' }).fill(url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const card = page.getByRole('listitem', { name: url });
  await expect(card.getByText('Active')).toBeVisible();

  await card.getByRole('button', { name: 'Reveal secret' }).click();
  await expect(card.getByLabel('Signing secret')).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);

  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  await topUpFromBalance(fanPage, 100, '100 tokens');
  await tipByApi(fanPage, baseURL, await userIdOf(fanPage, creator.handle), 5);

  await expect.poll(() => receiver.to(path).length).toBe(1);
  const [delivery] = receiver.to(path);
  expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'tip.received', data: { amount: 5 } });
  expect(delivery?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

  await card.getByRole('button', { name: 'Delivery log' }).click();
  const log = card.getByRole('list', { name: 'Delivery log' });
  await expect(log.getByText('tip.received')).toBeVisible();
  await expect(log.getByText('200')).toBeVisible();
  await log.getByRole('button', { name: 'Resend' }).click();
  await expect(toast(page, 'Sent again.')).toBeVisible();
  await expect.poll(() => receiver.to(path).length).toBe(2);
  expect(receiver.to(path)[1]?.headers['webhook-id']).toBe(delivery?.headers['webhook-id']);
});
