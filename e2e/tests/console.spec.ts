import type { ConsoleMessage, Page } from '@playwright/test';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi } from '../support/wishes';

// Lighthouse counts console errors, and a red line on every page hides the ones that matter.

/** Every console error or warning and every uncaught error of the page, as text. */
function recordConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

test('a signed-out visit to the landing page and to a public profile logs no console error or warning', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const creator = await signUp(await newBrowserPage());
  const problems = recordConsoleProblems(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a Quick Tip' })).toBeVisible();
  // Late requests (the wishlist, the session) have settled.
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
});

/**
 * What Chrome's DevTools list under Issues (Lighthouse's best-practices audit `inspector-issues` counts most
 * kinds): a Content-Security-Policy violation, a form field without a name or id, a deprecated API.
 */
async function recordDevToolsIssues(page: Page): Promise<string[]> {
  const issues: string[] = [];
  const session = await page.context().newCDPSession(page);
  session.on('Audits.issueAdded', ({ issue }) => issues.push(`${page.url()}: ${JSON.stringify(issue)}`));
  await session.send('Audits.enable');
  return issues;
}

test('the pages fans land on (/sign-in, /{handle}, /x/{id}) raise no DevTools issue and log no console problem', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage);
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Pink Guitar', cost: 120 });
  const problems = recordConsoleProblems(page);
  const issues = await recordDevToolsIssues(page);
  // For a visitor without a session the server renders these pages with their data (decisions 042 and 043),
  // and the app waits for an interaction, so their loads ask the API nothing.
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${new URL(page.url()).pathname} ${url.pathname}`);
  });

  await page.goto('/sign-in');
  // A first visit opens with the terms, over the sign-in form.
  await expect(page.getByRole('dialog', { name: 'Before you sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search wishlist' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pink Guitar' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(issues).toEqual([]);
  expect(problems).toEqual([]);
  expect(apiCalls).toEqual([]);
});

/** The page's layout shifts so far (Cumulative Layout Shift's entries), each as its value. */
function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries().map((entry) => (entry as PerformanceEntry & { value: number }).value));
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: the observer is never called.
        setTimeout(() => resolve([]), 500);
      }),
  );
}

test('the pages fans land on do not move while their code and data arrive', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage);
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Tea Set', cost: 45 });

  await page.goto('/sign-in');
  await page.getByRole('dialog', { name: 'Before you sign in' }).getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Phone' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutShifts(page)).toEqual([]);

  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { level: 1, name: creator.displayName })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutShifts(page)).toEqual([]);

  await page.goto(`/x/${wish.id}`);
  await expect(page.getByRole('button', { name: 'Buy' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await layoutShifts(page)).toEqual([]);
});

test('the owner’s balance card reads its amount and tokens as separate words', async ({ page }) => {
  test.slow();
  const creator = await signUp(page);
  await page.goto(`/${creator.handle}`);
  const card = page.getByRole('region', { name: 'Your balance' });
  await expect(card).toMatchAriaSnapshot(`
    - region "Your balance":
      - text: Balance
      - paragraph: $0 0 tokens
      - button "Hide balance"
      - link "Manage":
        - /url: /balance
  `);
  await card.getByRole('button', { name: 'Hide balance' }).click();
  await expect(card.getByText('••••')).toBeVisible();
  await expect(card).not.toContainText('tokens');
});
