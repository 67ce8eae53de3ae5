import { uniqueDisplayName, uniqueHandle } from '../support/accounts';
import { makePng } from '../support/images';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// Profile editing (/profile and sub-routes), product.md sections 2, 5 and 8.

test('the profile list opens each sub-screen', async ({ page }) => {
  await signUp(page);
  await page.goto('/profile');
  for (const [row, title] of [
    ['Display Name', 'Display Name'],
    ['Handle', 'Handle'],
    ['Profile Photo', 'Profile Photo'],
    ['Banner Picture', 'Banner Picture'],
    ['About Me', 'About Me'],
    ['Links', 'Links'],
  ] as const) {
    await page.getByRole('link', { name: row, exact: true }).click();
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await page.goBack();
  }
});

test('a user changes display name, about me and handle', async ({ page }) => {
  test.slow();
  const user = await signUp(page);

  await page.goto('/profile/display-name');
  const name = page.getByRole('textbox', { name: 'Display Name' });
  await expect(name).toHaveValue(user.displayName);
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await name.fill('');
  await expect(save).toBeDisabled();
  await name.fill('Ann!');
  await expect(page.getByText('Only letters, numbers, and spaces, and _')).toBeVisible();
  const newName = uniqueDisplayName('Maker');
  await name.fill(newName);
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Display Name Updated!' })).toBeVisible();
  await expect(save).toBeDisabled();

  await page.goto('/profile/description');
  const about = page.getByRole('textbox', { name: 'About Me' });
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await about.fill('   ');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await about.fill('I make things.\nAnd photograph them.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Description updated!' })).toBeVisible();

  await page.goto('/profile/handle');
  const handle = page.getByRole('textbox', { name: 'Handle' });
  await expect(handle).toHaveValue(user.handle);
  await handle.fill('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await handle.fill('abc');
  await expect(page.getByText('Too Short')).toBeVisible();
  const newHandle = uniqueHandle('moved');
  await handle.fill(newHandle);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Handle Updated!' })).toBeVisible();

  const profile = await (await page.request.get(`/api/users/${newHandle}`)).json();
  expect(profile).toMatchObject({
    handle: newHandle,
    displayName: newName,
    description: 'I make things.\nAnd photograph them.',
  });
});

test('links: https:// is added, empty entries dropped, javascript: refused', async ({ page }) => {
  const user = await signUp(page);
  await page.goto('/profile/links');
  await page.getByRole('textbox', { name: 'Link 1' }).fill('example.com/me');
  await page.getByRole('button', { name: 'Add Link' }).click();
  await page.getByRole('button', { name: 'Add Link' }).click();
  await page.getByRole('textbox', { name: 'Link 3' }).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Only http and https links are allowed')).toBeVisible();
  // Nothing was saved.
  expect((await (await page.request.get(`/api/users/${user.handle}`)).json()).links).toEqual([]);

  await page.getByRole('button', { name: 'Remove link 3' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'Link 1' })).toHaveValue('https://example.com/me');
  await expect(page.getByRole('textbox', { name: 'Link 2' })).toHaveCount(0);
  expect((await (await page.request.get(`/api/users/${user.handle}`)).json()).links).toEqual([
    'https://example.com/me',
  ]);
});

test('a new profile photo is cropped, uploaded and saved', async ({ page }) => {
  test.slow();
  const user = await signUp(page);
  await page.goto('/profile/photo');
  await page.getByLabel('Profile Photo file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await makePng(page, 300, 200),
  });
  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Profile Photo Updated!' })).toBeVisible();
  const profile = await (await page.request.get(`/api/users/${user.handle}`)).json();
  expect(profile.photoUrl).toMatch(/^\/media\/images\/users\//);
  expect(profile.photoHash).toHaveLength(36);
});

test('failed saves keep what was typed and show product.md messages', async ({ page }) => {
  test.slow();
  await signUp(page);
  await page.route('**/api/profile', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.route('**/api/media/images', (route) => route.fulfill({ status: 500, body: '{}' }));

  await page.goto('/profile/links');
  await page.getByRole('textbox', { name: 'Link 1' }).fill('example.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Error adding link...' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Link 1' })).toHaveValue('example.org');

  await page.goto('/profile/photo');
  await expect(page.getByText('No image yet')).toBeVisible();
  await page.getByLabel('Profile Photo file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await makePng(page, 200, 200),
  });
  await page.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to update image...' })).toBeVisible();
  // The old image (none) is shown again.
  await expect(page.getByText('No image yet')).toBeVisible();
});
