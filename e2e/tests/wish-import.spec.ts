import { type StoreFixtureServer, startStoreFixtureServer } from '../../apps/server/test/store-fixture-server';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// A wish from any store link (product.md section 2, Paste a product link; decision 110). The server reads
// only the fixture store on 127.0.0.1, at the port the config gave it (STORE_IMPORT_TEST_PORT).
test.describe.configure({ mode: 'serial' });

let store: StoreFixtureServer;
test.beforeAll(async () => {
  store = await startStoreFixtureServer(Number(process.env.E2E_STORE_PORT));
});
test.afterAll(() => store.close());

test('a creator pastes a product link, checks the filled form and submits; the wish shows on the profile', async ({
  page,
}) => {
  test.slow();
  const creator = await signUp(page);
  await page.goto('/create');
  const link = page.getByRole('textbox', { name: 'Paste a product link' });
  // A paste, as from the clipboard: read at once, without pressing anything.
  await link.evaluate((input, url) => {
    const data = new DataTransfer();
    data.setData('text', url);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, store.page('shopify'));

  await expect(page.getByRole('textbox', { name: 'Wish Name' })).toHaveValue('Linen Throw Blanket – Oat');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('149');
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue(/^Stonewashed European linen/);
  const photo = page.getByRole('img', { name: 'Wish' });
  await expect(photo).toHaveAttribute('src', /^\/media\/images\/users\//);
  await expect(page.getByRole('button', { name: 'Crop Image' })).toBeVisible();
  await page.getByLabel('Show “See it in the store” on the wish page').check();

  const created = page.waitForResponse((res) => res.url().endsWith('/api/wishes') && res.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const wish = (await (await created).json()) as { id: string; image: string; sourceUrl: string };
  expect(wish.sourceUrl).toBe(store.page('shopify'));
  await expect(page).toHaveURL(`/${creator.handle}`);
  const card = page.getByRole('img', { name: 'Linen Throw Blanket – Oat' }).first();
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('src', wish.image);

  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('link', { name: 'See it in the store' })).toHaveAttribute('href', store.page('shopify'));
});

test('sharing a page to the app opens Create wish with its link read', async ({ page }) => {
  await signUp(page);
  // What a phone's share sheet opens (the manifest's share_target): the link inside the shared text.
  const shared = `Look at this camera! ${store.page('open-graph-only')}`;
  await page.goto(`/create?title=Camera&text=${encodeURIComponent(shared)}`);
  await expect(page.getByRole('textbox', { name: 'Paste a product link' })).toHaveValue(store.page('open-graph-only'));
  await expect(page.getByRole('textbox', { name: 'Wish Name' })).toHaveValue('Pocket Film Camera');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('20');

  // The same from a desktop browser: the bookmarklet on Settings opens /create?url= with the page's address.
  await page.goto('/settings');
  await expect(page.getByRole('link', { name: 'Add to Sweetwish' })).toHaveAttribute(
    'href',
    /^javascript:.*\/create\?url=.*encodeURIComponent\(location\.href\)/,
  );

  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { share_target: unknown };
  expect(manifest.share_target).toEqual({
    action: '/create',
    method: 'GET',
    params: { title: 'title', text: 'text', url: 'url' },
  });
});

test('a euro price is shown beside an empty price, and a refused link says why', async ({ page }) => {
  await signUp(page);
  await page.goto(`/create?url=${encodeURIComponent(store.page('euro-price'))}`);
  await expect(page.getByRole('textbox', { name: 'Wish Name' })).toHaveValue('Keramik-Teekanne Salbei');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('');
  await expect(page.getByTestId('store-price')).toContainText('Store price: 89.90 EUR');

  const link = page.getByRole('textbox', { name: 'Paste a product link' });
  await link.fill('http://169.254.169.254/latest/meta-data/');
  await page.getByRole('button', { name: 'Fill in' }).click();
  await expect(page.getByText("This link can't be read: it points to a private or local address")).toBeVisible();
});
