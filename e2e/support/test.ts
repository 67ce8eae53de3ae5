import { type BrowserContext, test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** A made-up private address for X-Forwarded-For, so a browser looks as if it came from a network of its own. */
function forwardedForHeaders(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` };
}

type Fixtures = {
  /**
   * Opens a page in a browser of its own (new context: no cookies or storage shared with `page`), for a
   * second person in the same test. It comes from its own network address too; closed after the test.
   */
  newBrowserPage: () => Promise<Page>;
};

/**
 * Tests that sign in: each comes from a network address of its own (the e2e server trusts
 * X-Forwarded-For, as it would behind a proxy), so the per-network send limits do not add up across
 * the suite the way they would for one real visitor.
 */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    await use(forwardedForHeaders());
  },
  newBrowserPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ extraHTTPHeaders: forwardedForHeaders() });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
