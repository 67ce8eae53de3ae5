import { z } from 'zod';
import { BLURHASH_LENGTH } from './blurhash';
import { StoredImageUrl } from './media';

/** The longest store link taken (and kept on a wish as its source link). */
export const STORE_LINK_MAX = 2000;
/** The start of every refusal to read a store link (product.md section 2, Paste a product link). */
export const STORE_LINK_UNREADABLE = "This link can't be read";
export const STORE_LINK_INVALID = 'Enter a link that starts with https://';

/** Whether a text is an http(s) address (what a store link and a wish's source link must be). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** A product page's address, as pasted or shared. */
export const StoreLink = z
  .string()
  .trim()
  .min(1, STORE_LINK_INVALID)
  .max(STORE_LINK_MAX, `The link must be at most ${STORE_LINK_MAX.toLocaleString('en-US')} characters`)
  .refine(isWebAddress, STORE_LINK_INVALID);

/** The link to read: any text, so that the server can say why a link that is not a web address can't be read. */
export const ImportWishInput = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, 'Paste a product link')
      .max(STORE_LINK_MAX, `The link must be at most ${STORE_LINK_MAX.toLocaleString('en-US')} characters`),
  })
  .meta({ id: 'ImportWishInput' });
export type ImportWishInput = z.infer<typeof ImportWishInput>;

/**
 * What the store's page says, for the Create wish form to fill in: nothing is saved as a wish. `cost` is
 * whole tokens when the store prices in US dollars; otherwise it is null and `storePrice` is shown beside
 * the empty price. The image, when the store has one, is already an upload of the creator's.
 */
export const ImportedWish = z
  .object({
    sourceUrl: z.string(),
    name: z.string(),
    description: z.string(),
    cost: z.int().nullable(),
    storePrice: z.object({ amount: z.string(), currency: z.string() }).nullable(),
    image: z
      .object({
        url: StoredImageUrl,
        width: z.int().positive(),
        height: z.int().positive(),
        blurhash: z.string().length(BLURHASH_LENGTH),
      })
      .nullable(),
  })
  .meta({ id: 'ImportedWish' });
export type ImportedWish = z.infer<typeof ImportedWish>;

/**
 * The link in what a share sheet hands over: the `url` field when there is one, otherwise the first
 * http(s) address in the text (many apps share "Look at this! https://...").
 */
export function sharedLink(fields: { url?: string | null; text?: string | null }): string | undefined {
  const url = fields.url?.trim();
  if (url && isWebAddress(url)) return url;
  for (const word of (fields.text ?? '').split(/\s+/)) {
    const candidate = word.replace(/^[(<"']+|[)>"'.,;!?]+$/g, '');
    if (isWebAddress(candidate)) return candidate;
  }
  return undefined;
}
