import { expect, test } from '../support/test';

test('the API reference at /api/docs renders the document with no request leaving the site', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
  });
  await page.goto('/api/docs');
  await expect(page.getByText('Sweetwish API').first()).toBeVisible();
  // The document's tags are in the sidebar, sign-in and the creator webhooks included.
  for (const tag of ['Sign-in', 'Wishes', 'Live', 'Webhooks']) {
    await expect(page.getByRole('link', { name: tag, exact: true }).first()).toBeVisible();
  }
  expect(outside).toEqual([]);
});
