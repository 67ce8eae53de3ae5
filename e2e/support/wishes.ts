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
    image?: string;
    blurhash?: string;
  },
): Promise<CreatedWish> {
  const origin = baseURL ?? new URL(page.url()).origin;
  const response = await page.request.post('/api/wishes', { data, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedWish;
}

/** Any valid blurhash of 36 characters: the server checks its length, the page draws it under the picture. */
const SOME_BLURHASH = 'UOP-PC20Nw|{201#SN,qNwSNa|o1|{,qo1SN';

/** A wish with a picture (a PNG uploaded as the creator's page would, re-encoded by the server), by the API. */
export async function createWishWithImageByApi(
  page: Page,
  baseURL: string | undefined,
  data: { name: string; cost: number },
  png: Buffer,
): Promise<CreatedWish> {
  const origin = baseURL ?? new URL(page.url()).origin;
  const upload = await page.request.post('/api/media/images', {
    multipart: { kind: 'wish', file: { name: 'wish.png', mimeType: 'image/png', buffer: png } },
    headers: { Origin: origin },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  return createWishByApi(page, baseURL, { ...data, image: url, blurhash: SOME_BLURHASH });
}
