import { z } from 'zod';
import { BLURHASH_LENGTH } from './blurhash';
import { StoredImageUrl } from './media';
import { pageOf } from './paging';
import { PublicProfile } from './profiles';
import { wholeNumberText } from './typed-number';
import { StoreLink } from './wish-import';
import {
  PRICE_MESSAGES,
  WISH_COST_MAX,
  WISH_COST_MIN,
  WISH_DESCRIPTION_MAX,
  WISH_IMAGE_URL_MAX,
  WISH_NAME_MAX,
  WISH_TYPES,
} from './wish-rules';

// The rules live in wish-rules.ts (no zod there); importers of this module keep finding them here.
export * from './wish-rules';

const WishName = z
  .string()
  .trim()
  .min(1, 'Wish Name is required')
  .max(WISH_NAME_MAX, `Wish Name must be at most ${WISH_NAME_MAX} characters`);
const WishDescription = z
  .string()
  .max(WISH_DESCRIPTION_MAX, `Description must be at most ${WISH_DESCRIPTION_MAX} characters`);
const WishCost = z
  .number({ error: PRICE_MESSAGES.notANumber })
  .int(PRICE_MESSAGES.notANumber)
  .min(WISH_COST_MIN, PRICE_MESSAGES.tooLow)
  .max(WISH_COST_MAX, PRICE_MESSAGES.tooHigh);
const WishImage = StoredImageUrl.max(WISH_IMAGE_URL_MAX);
const Blurhash = z.string().length(BLURHASH_LENGTH, `Blurhash must be exactly ${BLURHASH_LENGTH} characters`);

/** createProduct (product.md section 7). A subscription wish's cost is its monthly price (decision 034). */
export const CreateWishInput = z
  .object({
    name: WishName,
    cost: WishCost,
    description: WishDescription.default(''),
    type: z.enum(WISH_TYPES).default('standard'),
    allowRepeatPurchases: z.boolean().default(true),
    pinned: z.boolean().default(false),
    image: WishImage.optional(),
    blurhash: Blurhash.optional(),
    /** Funded together by many fans (decision 033); fixed at creation, like the type. */
    isGroupGift: z.boolean().default(false),
    /** The store page the wish was read from (decision 110), and whether fans see "See it in the store". */
    sourceUrl: StoreLink.optional(),
    showSourceLink: z.boolean().optional(),
  })
  .meta({ id: 'CreateWishInput' });
export type CreateWishInput = z.infer<typeof CreateWishInput>;

/** updateProduct: only the fields that changed. The type cannot change. */
export const UpdateWishInput = z
  .object({
    name: WishName.optional(),
    cost: WishCost.optional(),
    description: WishDescription.optional(),
    allowRepeatPurchases: z.boolean().optional(),
    pinned: z.boolean().optional(),
    archived: z.boolean().optional(),
    image: WishImage.optional(),
    blurhash: Blurhash.optional(),
    /** Group gifts only: whether contributors may take their tokens back while it is unfunded. */
    allowTakeBack: z.boolean().optional(),
    showSourceLink: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'UpdateWishInput' });
export type UpdateWishInput = z.infer<typeof UpdateWishInput>;

/** The price as the wish form holds it ("1,250"): whole tokens, checked as createProduct checks `cost`. */
export const WishPriceText = wholeNumberText(WishCost);

/**
 * The create and edit wish forms (product.md sections 2 and 5): the fields createProduct and updateProduct take,
 * with the price as typed. The parsed values carry it as `cost`, the call's name for it; the server's
 * problems with `cost` belong on the Price field.
 */
export const WishFields = z
  .object({
    name: WishName,
    price: WishPriceText,
    description: WishDescription,
    allowRepeatPurchases: z.boolean(),
  })
  .transform(({ price, ...fields }) => ({ ...fields, cost: price }));
export type WishFields = z.output<typeof WishFields>;

/** A wish as every screen sees it (product.md section 3, Product). */
export const Wish = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    type: z.enum(WISH_TYPES),
    name: z.string(),
    cost: z.int(),
    image: z.string().nullable(),
    blurhash: z.string().nullable(),
    description: z.string(),
    pinned: z.boolean(),
    archived: z.boolean(),
    purchased: z.boolean(),
    allowRepeatPurchases: z.boolean(),
    updatedAt: z.string(),
    /** Group gifts (decision 033): funded by many fans; held so far; whether contributors may take back. */
    isGroupGift: z.boolean(),
    groupGiftFundedCents: z.int(),
    allowTakeBack: z.boolean(),
    /**
     * The store page, only when the creator shows it ("See it in the store", decision 110). Always sent;
     * optional so that a wish made before it existed (a cached page, a test's wish) still reads.
     */
    sourceUrl: z.string().nullable().optional(),
    showSourceLink: z.boolean().optional(),
  })
  .meta({ id: 'Wish' });
export type Wish = z.infer<typeof Wish>;
export const WishList = z.array(Wish);

/** The seller shown in the header of the public wish page. */
export const WishSeller = z
  .object({ id: z.string(), handle: z.string(), displayName: z.string(), photoUrl: z.string().nullable() })
  .meta({ id: 'WishSeller' });

export const WishPage = z.object({ wish: Wish, seller: WishSeller }).meta({ id: 'WishPage' });
export type WishPage = z.infer<typeof WishPage>;

/** The owner's archived wishes (product.md section 4, Wishlist filter), a page at a time: they have no cap. */
export const ArchivedWishPage = pageOf(Wish);
export type ArchivedWishPage = z.infer<typeof ArchivedWishPage>;

/** Everything /{handle} shows a visitor, in one answer: the profile and its public wishlist. */
export const ProfilePage = z.object({ profile: PublicProfile, wishes: WishList });
export type ProfilePage = z.infer<typeof ProfilePage>;
