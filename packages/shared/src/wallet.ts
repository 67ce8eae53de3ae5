import { z } from 'zod';
import { TOKEN_QUANTITY_MAX, TOKEN_QUANTITY_MIN } from './money';

/** Wallet, top-ups, gifts and tips: spec sections 2 to 5 and 7; design.md sections 3, 4 and 11. */

export const TIP_MIN = 1;
export const TIP_MAX = 999_999;
/** The tip dialog's plus and minus buttons change the amount by this much. */
export const TIP_STEP = 10;

export const WALLET_MESSAGES = {
  topUpFailed: 'Error starting token purchase.',
  buyFailed: 'Could not buy product',
  alreadyPurchased: 'This wish is already purchased!',
  tipFailed: 'Error sending tip.',
  tipSent: 'Tip sent successfully!',
  notEnoughForTip: "Not enough tokens. You'll be redirected to purchase more.",
  insufficientBalance: 'Insufficient balance',
  noBalanceInfo: 'Unable to load balance information',
  purchaseMissing: 'Purchase does not exist.',
  somethingWrong: 'Something went wrong.',
} as const;

export const Wallet = z.object({
  /** Spendable balance in cents; 0 for a user who never had a wallet. */
  balanceCents: z.number().int().nonnegative(),
});
export type Wallet = z.infer<typeof Wallet>;

/** Where a checkout returns to: a path of this app, never another site. */
const AppPath = z
  .string()
  .max(1000)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path of this app');

export const TopUpInput = z.object({
  quantity: z.number().int().min(TOKEN_QUANTITY_MIN).max(TOKEN_QUANTITY_MAX),
  /** The page the purchase started from: cancelling returns there, and so does success for a wish page. */
  location: AppPath,
});
export type TopUpInput = z.infer<typeof TopUpInput>;

export const TopUpSession = z.object({ url: z.url() });
export type TopUpSession = z.infer<typeof TopUpSession>;

export const BuyInput = z.object({
  productId: z.string().min(1).max(64),
  sellerId: z.string().min(1).max(64),
  /** Shown to the creator as "Anonymous", with no link to the buyer (design.md section 11). */
  isAnonymous: z.boolean().default(false),
});
export type BuyInput = z.input<typeof BuyInput>;

export const BuyResult = z.object({ purchaseId: z.string() });
export type BuyResult = z.infer<typeof BuyResult>;

export const TipInput = z.object({
  recipientId: z.string().min(1).max(64),
  amount: z.number().int().min(TIP_MIN).max(TIP_MAX),
  isAnonymous: z.boolean().default(false),
});
export type TipInput = z.input<typeof TipInput>;

export const TipResult = z.object({ tipId: z.string() });
export type TipResult = z.infer<typeof TipResult>;

export const PURCHASE_TYPES = ['standard', 'tip'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];

const Person = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
});
export type Person = z.infer<typeof Person>;

const PurchasedProduct = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

/** A purchase as its buyer sees it (/purchases, /success). */
export const Purchase = z.object({
  id: z.string(),
  type: z.enum(PURCHASE_TYPES),
  costCents: z.number().int().positive(),
  createdAt: z.string(),
  isAnonymous: z.boolean(),
  seller: Person,
  product: PurchasedProduct.nullable(),
  conversationId: z.string().nullable(),
});
export type Purchase = z.infer<typeof Purchase>;
export const PurchaseList = z.array(Purchase);

/** A gift or tip as its recipient sees it (/received): the buyer is null when anonymous. */
export const ReceivedItem = z.object({
  id: z.string(),
  type: z.enum(PURCHASE_TYPES),
  costCents: z.number().int().positive(),
  createdAt: z.string(),
  isSeen: z.boolean(),
  buyer: Person.nullable(),
  product: PurchasedProduct.nullable(),
  conversationId: z.string().nullable(),
  /** Gross, fees and net (design.md section 3). */
  feesCents: z.number().int().nonnegative(),
  netCents: z.number().int().nonnegative(),
});
export type ReceivedItem = z.infer<typeof ReceivedItem>;
export const ReceivedList = z.array(ReceivedItem);

/** What the side menu shows beside its entries. */
export const ActivitySummary = z.object({
  hasPurchases: z.boolean(),
  hasReceived: z.boolean(),
  unseenReceived: z.number().int().nonnegative(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

/** The name a received row shows (spec section 2, Received). */
export function receivedItemName(item: Pick<ReceivedItem, 'type' | 'product'>): string {
  if (item.type === 'tip') return 'Custom Tip';
  return item.product?.name ?? "It's a surprise!";
}

/** Big gifts get a highlighted row: tips above 1000 tokens, standard gifts above 100000. */
export function isHighlighted(item: Pick<ReceivedItem, 'type' | 'costCents'>): boolean {
  const tokens = item.costCents / 100;
  return item.type === 'tip' ? tokens > 1000 : tokens > 100_000;
}

/** Server-Sent Events of GET /api/events: which of the signed-in user's data changed. */
export const LIVE_TOPICS = ['wallet', 'purchases', 'received'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
