import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Tests that sign in: each comes from a network address of its own (the e2e server trusts
 * X-Forwarded-For, as it would behind a proxy), so the per-network send limits do not add up across
 * the suite the way they would for one real visitor.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await use({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
  },
});
