import { randomUUID } from 'node:crypto';
import { BLURHASH_LENGTH } from '@sweetwish/shared/blurhash';
import { ImportedWish } from '@sweetwish/shared/wish-import';
import { encode } from 'blurhash';
import sharp from 'sharp';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { MEDIA_PATH_PREFIX, type MediaDeps, storeImages } from '../media/service';
import { readProductPage } from './product-page';
import { fetchFromStore, STORE_FETCH_LIMITS, type StoreFetchPolicy, unreadable } from './store-fetch';
import { tokensOfUsd } from './store-price';

export type WishImportDeps = { media: MediaDeps; policy: StoreFetchPolicy; logger: Logger };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * Reads a store's product page into what the Create wish form fills in (product.md section 2). Nothing
 * becomes a wish here: the creator reviews and submits. The product image, when the store has one that
 * can be read, is fetched through the same guard and stored as the creator's upload, as if they had chosen
 * the file themselves.
 */
export async function importWish(deps: WishImportDeps, userId: string, url: string): Promise<ImportedWish> {
  const deadline = Date.now() + STORE_FETCH_LIMITS.totalTimeoutMs;
  const page = await fetchFromStore(url, 'text/html,application/xhtml+xml', deps.policy, deadline);
  if (page.statusCode < 200 || page.statusCode > 299) throw unreadable(`the store answered ${page.statusCode}`);
  const contentType = String(page.headers['content-type'] ?? '');
  if (contentType && !HTML_TYPES.test(contentType)) throw unreadable('it is not a web page');
  const facts = readProductPage(decodeHtml(page.body, contentType), page.url);
  if (!facts.name) throw unreadable('the page has no product on it');
  const tokens = facts.price?.currency === 'USD' ? tokensOfUsd(facts.price.amount) : undefined;
  return ImportedWish.parse({
    sourceUrl: url,
    name: facts.name,
    description: facts.description,
    cost: tokens ?? null,
    storePrice: facts.price ?? null,
    image: await importImage(deps, userId, facts.images[0], deadline),
  });
}

/** The page's text in the charset its header or its meta tag names (UTF-8 when neither does). */
function decodeHtml(body: Buffer, contentType: string): string {
  const head = body.subarray(0, 2048).toString('latin1');
  const charset =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * The product image as the creator's upload, or null when there is none or it cannot be read: the form is
 * filled in without it and the creator may upload one.
 */
async function importImage(
  deps: WishImportDeps,
  userId: string,
  imageUrl: string | undefined,
  deadline: number,
): Promise<ImportedWish['image']> {
  if (!imageUrl) return null;
  try {
    const answer = await fetchFromStore(imageUrl, 'image/*', deps.policy, deadline);
    if (answer.statusCode !== 200 || answer.body.length >= STORE_FETCH_LIMITS.maxBodyBytes) return null;
    const key = `images/users/${userId}/${randomUUID()}.jpg`;
    const [image] = await storeImages(deps.media, userId, answer.body, [{ key, kind: 'wish' }]);
    if (!image) return null;
    return {
      url: `${MEDIA_PATH_PREFIX}${key}`,
      width: image.width,
      height: image.height,
      ...(await blurhashOf(image.bytes)),
    };
  } catch (err) {
    // Over the storage quota is the creator's to know; any other failure only leaves the image out.
    if (err instanceof AppError && err.code === 'FORBIDDEN') throw err;
    deps.logger.info({ err, imageUrl }, 'store image not imported');
    return null;
  }
}

/** The blurhash of the stored JPEG, as the browser computes one for an upload (4 x 4 components, 32 pixels wide). */
async function blurhashOf(jpeg: Uint8Array): Promise<{ blurhash: string }> {
  const { data, info } = await sharp(jpeg)
    .resize({ width: 32 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const blurhash = encode(new Uint8ClampedArray(data), info.width, info.height, 4, 4);
  if (blurhash.length !== BLURHASH_LENGTH) throw new Error('Unexpected blurhash length');
  return { blurhash };
}
