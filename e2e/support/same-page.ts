import type { Page } from '@playwright/test';
import { expect } from './test';

/** Marks the window so a later check can tell the page was not loaded again meanwhile (a live update). */
export async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));
}

export async function expectSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => 'e2eSamePage' in window), 'the page was not reloaded').toBe(true);
}
