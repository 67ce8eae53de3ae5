import { expect, test } from '@playwright/test';

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: "There's Nothing Here." })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a crashing screen shows "Something Broke.", the toast, and reports the error to the server', async ({ page }) => {
  // The /why screen's code fails to load, as after a deploy that removed the old chunk.
  await page.route(/\/assets\/why-[^/]+\.js$/, (route) => route.abort());
  const report = page.waitForResponse((res) => res.url().endsWith('/api/client-errors'));
  await page.goto('/why');
  await expect(page.getByRole('heading', { name: 'Something Broke.' })).toBeVisible();
  await expect(page.getByText('An error occurred.')).toBeVisible();
  const response = await report;
  expect(response.status()).toBe(204);
  expect(response.request().postDataJSON().url).toContain('/why');
});

test('unknown API routes answer JSON, not the page', async ({ request }) => {
  const res = await request.get('/api/nothing-here');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('NOT_FOUND');
});
