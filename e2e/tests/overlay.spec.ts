import type { Browser, Page } from '@playwright/test';
import { tipByApi, userIdOf } from '../support/conversations';
import { ownServer } from '../support/own-server';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

/** Keeps, in the overlay page, the text of every alert that appeared, in order: shown twice would be listed twice. */
async function recordAlerts(overlay: Page) {
  await overlay.evaluate(() => {
    const shown: string[] = [];
    (window as unknown as { shownAlerts: string[] }).shownAlerts = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[data-testid="overlay-alert"]')) {
        if (seen.has(alert)) continue;
        seen.add(alert);
        shown.push(alert.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const shownAlerts = (overlay: Page) =>
  overlay.evaluate(() => (window as unknown as { shownAlerts: string[] }).shownAlerts);

async function overlaySecret(creator: Page, origin: string): Promise<string> {
  const res = await creator.request.get(`${origin}/api/overlay/settings`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { secret: string }).secret;
}

test('the overlay shows a tip and moves the goal bar when a fan tips from another browser', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const creator = await signUp(page);
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Overlay settings' }).click();
  await expect(page.getByRole('heading', { name: 'Stream overlay' })).toBeVisible();
  await page.getByLabel('Target (tokens)').fill('20');
  await page.getByLabel('Title (optional)').fill('Ring light');
  await page.getByRole('button', { name: 'Start goal' }).click();
  await expect(page.getByText(/Current goal: Ring light \(20 tokens\), started/)).toBeVisible();
  await expect(page.frameLocator('iframe[title="Overlay preview"]').getByTestId('overlay-goal')).toBeVisible();

  const secret = await overlaySecret(page, baseURL as string);
  const overlay = await newBrowserPage();
  await overlay.goto(`/overlay/${secret}`);
  await expect(overlay.getByTestId('overlay-goal')).toContainText('Goal: Ring light');
  await expect(overlay.getByTestId('overlay-goal-progress')).toHaveText('0 / 20 tokens');
  // No app chrome: no top bar, no menu; a transparent page.
  await expect(overlay.getByRole('banner')).toHaveCount(0);
  expect(await overlay.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  const fanPage = await newBrowserPage();
  const fan = await signUp(fanPage);
  await topUpFromBalance(fanPage, 50, '50 tokens');
  await tipByApi(fanPage, baseURL, await userIdOf(fanPage, creator.handle), 5);

  await expect(overlay.getByTestId('overlay-alert')).toContainText(`${fan.displayName} tipped 5 tokens`);
  await expect(overlay.getByTestId('overlay-goal-progress')).toHaveText('5 / 20 tokens');
  await expect(overlay.getByTestId('overlay-leaderboard')).toContainText(`${fan.displayName}5 tokens`);
  // Past the goal the bar stops at it.
  await tipByApi(fanPage, baseURL, await userIdOf(fanPage, creator.handle), 30);
  await expect(overlay.getByTestId('overlay-goal')).toContainText('Goal reached!');
  await expect(overlay.getByTestId('overlay-goal-progress')).toHaveText('20 / 20 tokens');
  await expect(overlay.getByTestId('overlay-leaderboard')).toContainText(`${fan.displayName}35 tokens`);

  // Test alert from the settings: shown on the open overlay, marked as a test.
  await page.getByRole('button', { name: 'Send test alert' }).click();
  await expect(overlay.getByTestId('overlay-alert')).toContainText('TEST ALERT', { timeout: 15_000 });
});

test.describe('with a server of its own', () => {
  const server = ownServer();
  test.beforeAll(async () => {
    // A first start migrates a new database: slow on a loaded machine.
    test.setTimeout(90_000);
    await server.start();
  });
  test.afterAll(async () => server.cleanup());

  async function personOn(browser: Browser) {
    const context = await browser.newContext({ baseURL: server.baseURL });
    return context.newPage();
  }

  test('after the server restarts mid-stream, the next tip shows exactly once', async ({ browser }) => {
    test.setTimeout(180_000);
    const creatorPage = await personOn(browser);
    const creator = await signUp(creatorPage);
    const secret = await overlaySecret(creatorPage, server.baseURL);
    const fanPage = await personOn(browser);
    const fan = await signUp(fanPage);
    await topUpFromBalance(fanPage, 50, '50 tokens');
    const creatorId = await userIdOf(fanPage, creator.handle);

    const overlay = await personOn(browser);
    await overlay.goto(`/overlay/${secret}`);
    await expect(overlay.getByTestId('overlay-leaderboard')).toBeVisible();
    await recordAlerts(overlay);
    await tipByApi(fanPage, server.baseURL, creatorId, 2);
    await expect(overlay.getByTestId('overlay-alert')).toContainText(`${fan.displayName} tipped 2 tokens`);

    await server.stop();
    await server.start();

    await tipByApi(fanPage, server.baseURL, creatorId, 3);
    await tipByApi(fanPage, server.baseURL, creatorId, 4);
    // Each alert stays 6 s; the last one showing means every one before it was shown (or repeated) already.
    await expect(overlay.getByTestId('overlay-alert')).toContainText('tipped 4 tokens', { timeout: 30_000 });
    expect(await shownAlerts(overlay)).toEqual([
      `${fan.displayName} tipped 2 tokens`,
      `${fan.displayName} tipped 3 tokens`,
      `${fan.displayName} tipped 4 tokens`,
    ]);
  });
});
