import type { Page } from '@playwright/test';
import { makePng } from '../support/images';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// Create wish (/create) and Edit wish (/edit), product.md sections 2, 5 and 8.

type CreatedWish = { id: string; name: string; cost: number; image: string | null; blurhash: string | null };

/** Opens /edit the way the app does: a client-side navigation carrying `{ product }` in history state. */
async function openEditWith(page: Page, product: unknown) {
  await page.evaluate((wish) => {
    const idx = ((window.history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    window.history.pushState({ usr: { product: wish }, key: `e2e${idx}`, idx }, '', '/edit');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, product);
}

test('a creator creates a wish with an image, then edits it', async ({ page }) => {
  test.slow();
  const creator = await signUp(page);
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Create Your Wish' })).toBeVisible();

  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Repeated Purchases')).toBeChecked();

  // The image: chosen, cropped to 4:3, shown before submitting.
  await page.getByTestId('wish-image-input').setInputFiles({
    name: 'wish.png',
    mimeType: 'image/png',
    buffer: await makePng(page, 500, 500),
  });
  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('img', { name: 'Wish' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Wish Name' }).fill('Film Camera');
  const price = page.getByRole('textbox', { name: 'Price' });
  await price.fill('19');
  await expect(page.getByText('Price must be at least $20')).toBeVisible();
  await expect(submit).toBeDisabled();
  await price.pressSequentially('a');
  await expect(price).toHaveValue('19');
  await price.fill('1,250');
  await expect(page.getByText('Price must be at least $20')).toBeHidden();
  await page.getByRole('textbox', { name: 'Description' }).fill('For weekend photo walks');

  const created = page.waitForResponse((res) => res.url().endsWith('/api/wishes') && res.request().method() === 'POST');
  await submit.click();
  const response = await created;
  expect(response.status()).toBe(201);
  const wish = (await response.json()) as CreatedWish;
  expect(wish).toMatchObject({
    name: 'Film Camera',
    cost: 1250,
    type: 'standard',
    allowRepeatPurchases: true,
    pinned: false,
  });
  expect(wish.image).toMatch(/^\/media\/images\/users\//);
  expect(wish.blurhash).toHaveLength(36);
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));

  // Edit: the form starts from the wish; only the changed fields are sent.
  await openEditWith(page, wish);
  await expect(page.getByRole('heading', { name: 'Edit Wish' })).toBeVisible();
  await expect(page.getByText('Wish Type: Single Wish')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Wish Name' })).toHaveValue('Film Camera');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('1,250');
  await page.getByRole('textbox', { name: 'Price' }).fill('19');
  await expect(page.getByText('Price must be at least $20')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Price' }).fill('1,500');
  await page.getByRole('textbox', { name: 'Wish Name' }).fill('Film Camera Kit');
  await page.getByRole('checkbox', { name: 'Repeated Purchases' }).uncheck();

  const patched = page.waitForRequest(
    (req) => req.url().includes(`/api/wishes/${wish.id}`) && req.method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Update' }).click();
  expect((await patched).postDataJSON()).toEqual({ name: 'Film Camera Kit', cost: 1500, allowRepeatPurchases: false });
  await expect(page.getByRole('alert').filter({ hasText: 'Wish Updated!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${creator.handle}$`));

  const stored = await page.request.get(`/api/wishes/${wish.id}`);
  expect((await stored.json()).wish).toMatchObject({
    name: 'Film Camera Kit',
    cost: 1500,
    allowRepeatPurchases: false,
  });
});

test('edit without a wish in navigation state says the product does not exist', async ({ page }) => {
  await signUp(page);
  await page.goto('/edit');
  await expect(page.getByText('Product does not exist.')).toBeVisible();
});

test('a failed create shows "Failed to create product..." and keeps the form', async ({ page }) => {
  await signUp(page);
  await page.route('**/api/wishes', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/create');
  await page.getByRole('textbox', { name: 'Wish Name' }).fill('Headphones');
  await page.getByRole('textbox', { name: 'Price' }).fill('250');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to create product...' })).toBeVisible();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByRole('textbox', { name: 'Wish Name' })).toHaveValue('Headphones');
});
