import type { Page } from '@playwright/test';
import { userIdOf } from '../support/conversations';
import { expectHydrationKeepsMarkup, recordApiCalls } from '../support/server-rendered';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

// The supporters wall on /{handle} (decision 101): the server draws its first entries with the page, more
// come on demand, held messages never show, and an entry the creator hides leaves it for everyone.

async function tipByApi(page: Page, recipientId: string, body: { message?: string; isAnonymous?: boolean }) {
  const res = await page.request.post('/api/tips', {
    data: { recipientId, amount: 1, ...body },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const wallOf = (page: Page) => page.getByRole('region', { name: 'Supporters' });

test('the supporters wall: drawn with the creator’s page, more on demand, hidden by the creator for everyone', async ({
  page,
  newBrowserPage,
}) => {
  test.setTimeout(150_000);
  const creator = await signUp(page);
  await page.goto('/settings/overlay');
  await page.getByRole('switch', { name: 'Supporters wall on my page' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/gift-messages/settings')).json()) as { isWallOn: boolean }).isWallOn,
    )
    .toBe(true);

  // Eleven tips, oldest first: nine with messages, an anonymous one, and one held for its word.
  const fan = await newBrowserPage();
  const fanUser = await signUp(fan);
  await topUpFromBalance(fan, 50, '50 tokens');
  const creatorId = await userIdOf(fan, creator.handle);
  for (let i = 1; i <= 9; i++) await tipByApi(fan, creatorId, { message: `Message ${i}` });
  await tipByApi(fan, creatorId, { message: 'From a secret admirer', isAnonymous: true });
  await tipByApi(fan, creatorId, { message: 'what the fuck' });

  // A visitor gets the wall in the page the server drew: no API call, and hydrating changes nothing.
  const visitor = await newBrowserPage();
  const html = await (await visitor.request.get(`/${creator.handle}`)).text();
  expect(html).toContain('From a secret admirer');
  await expectHydrationKeepsMarkup(visitor, `/${creator.handle}`, creator.displayName);
  const entries = wallOf(visitor).getByTestId('wall-entry');
  await expect(entries).toHaveCount(10);
  await expect(entries.nth(0)).toHaveText(`${fanUser.displayName} sent a tip`);
  await expect(entries.nth(1)).toHaveText('Anonymous sent a tip“From a secret admirer”');
  await expect(entries.nth(2)).toHaveText(`${fanUser.displayName} sent a tip“Message 9”`);
  await expect(wallOf(visitor)).not.toContainText('fuck');
  await wallOf(visitor).getByRole('button', { name: 'Show more' }).click();
  await expect(entries).toHaveCount(11);
  await expect(entries.nth(10)).toHaveText(`${fanUser.displayName} sent a tip“Message 1”`);
  await expect(wallOf(visitor).getByRole('button', { name: 'Show more' })).toHaveCount(0);
  // Only the creator is offered to hide.
  await expect(wallOf(visitor).getByRole('button', { name: /^Hide/ })).toHaveCount(0);

  // The creator hides the anonymous entry from the wall on their own page, which the app draws: the wall's
  // first page comes once, from the request the page preloads with its profile.
  const creatorCalls = recordApiCalls(page);
  await page.goto(`/${creator.handle}`);
  const ownWall = wallOf(page);
  await expect(ownWall.getByTestId('wall-entry')).toHaveCount(10);
  expect(creatorCalls.filter((path) => path === `/api/users/${creator.handle}/wall`)).toHaveLength(1);
  await ownWall.getByRole('button', { name: "Hide Anonymous's entry from your wall" }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide from your wall?' });
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ownWall).not.toContainText('From a secret admirer');
  await expect(ownWall.getByTestId('wall-entry')).toHaveCount(10);

  // Gone for everyone: the visitor's next visit, drawn by the server, no longer has it.
  await visitor.reload();
  await expect(entries).toHaveCount(10);
  await expect(wallOf(visitor)).not.toContainText('From a secret admirer');
  await expect(entries.nth(1)).toHaveText(`${fanUser.displayName} sent a tip“Message 9”`);
  await expect(entries.nth(9)).toHaveText(`${fanUser.displayName} sent a tip“Message 1”`);
});
