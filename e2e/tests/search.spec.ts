import { uniqueDisplayName, uniqueHandle } from '../support/accounts';
import { acceptTermsUpFront, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';

// Search (/search), product.md sections 2, 4 and 9: anyone may search; recents are kept locally.

test('a visitor finds a creator by part of the name and by handle, and the recents show and clear', async ({
  page,
  browser,
}) => {
  test.slow();
  const word = `Zq${Math.random().toString(36).slice(2, 8)}`;
  const creator = await signUp(page, { displayName: `${word} Maker`, handle: uniqueHandle('srch') });

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await acceptTermsUpFront(visitor);
  await visitor.goto('/search');
  await expect(visitor.getByRole('heading', { name: 'Search', exact: true })).toBeVisible();
  await expect(visitor.getByText('Search For Anyone')).toBeVisible();
  await expect(visitor.getByText('No Recents')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Clear Recents' })).toHaveCount(0);

  const input = visitor.getByPlaceholder('Enter a users name...');
  // Part of the display name, in another case.
  await input.fill(word.slice(0, 6).toLowerCase());
  const results = visitor.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('link', { name: new RegExp(creator.displayName) })).toBeVisible();

  // By handle.
  await input.fill(creator.handle);
  await expect(results.getByRole('link', { name: new RegExp(`@${creator.handle}`) })).toBeVisible();

  await input.fill(`${uniqueDisplayName('Nobody').replace(' ', '')}xyz`);
  await expect(visitor.getByText('No Results Found')).toBeVisible();

  // Visiting a result adds it to the recents.
  await input.fill(creator.handle);
  await results.getByRole('link', { name: new RegExp(`@${creator.handle}`) }).click();
  await expect(visitor).toHaveURL(new RegExp(`/${creator.handle}$`));
  const stored = await visitor.evaluate(() => JSON.parse(window.localStorage.getItem('recents') ?? '[]'));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ handle: creator.handle });

  await visitor.goto('/search');
  const recents = visitor.getByRole('list', { name: 'Recents' });
  await expect(recents.getByRole('link', { name: new RegExp(creator.displayName) })).toBeVisible();
  await visitor.getByRole('button', { name: 'Clear Recents' }).click();
  await expect(visitor.getByText('No Recents')).toBeVisible();
  expect(await visitor.evaluate(() => window.localStorage.getItem('recents'))).toBeNull();
  await context.close();
});
