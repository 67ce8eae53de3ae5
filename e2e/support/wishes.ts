import { expect, type Page } from '@playwright/test';

export type CreatedWish = { id: string; name: string; cost: number; pinned: boolean; archived: boolean };

/**
 * Creates a wish for the user signed in on `page` through the API (POST /api/wishes), as the create
 * screen would. The page's cookies go with the request; the Origin header passes the CSRF check.
 */
export async function createWishByApi(
  page: Page,
  baseURL: string | undefined,
  data: {
    name: string;
    cost: number;
    description?: string;
    allowRepeatPurchases?: boolean;
    pinned?: boolean;
    type?: 'standard' | 'subscription';
  },
): Promise<CreatedWish> {
  const origin = baseURL ?? new URL(page.url()).origin;
  const response = await page.request.post('/api/wishes', { data, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedWish;
}
