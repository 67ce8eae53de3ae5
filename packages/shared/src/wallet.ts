import { z } from 'zod';
import { GiftMessage, OptionalGiftMessage } from './gift-messages';
import { TOKEN_QUANTITY_MAX, TOKEN_QUANTITY_MIN } from './money';
import { pageOf } from './paging';
import { wholeNumberText } from './typed-number';
import { PURCHASE_TYPES, TIP_MAX, TIP_MIN, WALLET_MESSAGES } from './wallet-rules';

/** Wallet, top-ups, gifts and tips: the calls' schemas (product.md section 7; architecture.md sections 3, 4 and 11). */

/** Earned tokens still clearing, by the day they become available (decision 017). */
export const PendingEarning = z.object({
  amountCents: z.number().int().positive(),
  /** When they can be withdrawn (ISO 8601). */
  availableAt: z.iso.datetime(),
});
export type PendingEarning = z.infer<typeof PendingEarning>;

export const Wallet = z.object({
  /** Spendable balance in cents (bought, available and pending earned); 0 for a user who never had a wallet. */
  balanceCents: z.number().int().nonnegative(),
  /** Bought tokens: spend-only, never cashed out. */
  boughtCents: z.number().int().nonnegative(),
  /** Earned tokens that cleared: what can be withdrawn. */
  availableCents: z.number().int().nonnegative(),
  /** Earned tokens still clearing. */
  pendingCents: z.number().int().nonnegative(),
  /** The pending amounts, soonest first. */
  pending: z.array(PendingEarning),
});
export type Wallet = z.infer<typeof Wallet>;

/** Where a checkout returns to: a path of this app, never another site. */
export const AppPath = z
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
  /** Shown to the creator as "Anonymous", with no link to the buyer (architecture.md section 11). */
  isAnonymous: z.boolean().default(false),
  /** The fan's message (decision 100): kept when anonymous, never the name. */
  message: OptionalGiftMessage,
});
export type BuyInput = z.input<typeof BuyInput>;

export const BuyResult = z.object({ purchaseId: z.string() });
export type BuyResult = z.infer<typeof BuyResult>;

const TipAmount = z
  .number({ error: WALLET_MESSAGES.tipAmount })
  .int(WALLET_MESSAGES.tipAmount)
  .min(TIP_MIN, WALLET_MESSAGES.tipAmount)
  .max(TIP_MAX, WALLET_MESSAGES.tipAmount);

export const TipInput = z.object({
  recipientId: z.string().min(1).max(64),
  amount: TipAmount,
  isAnonymous: z.boolean().default(false),
  /** The fan's message (decision 100): kept when anonymous, never the name. */
  message: OptionalGiftMessage,
});
export type TipInput = z.input<typeof TipInput>;

/** The tip dialog's fields (product.md section 2): the amount as typed, checked as sendTip checks it. */
export const TipFields = z.object({
  amount: wholeNumberText(TipAmount),
  isAnonymous: z.boolean(),
  message: GiftMessage,
});

export const TipResult = z.object({ tipId: z.string() });
export type TipResult = z.infer<typeof TipResult>;

export const Person = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
});
export type Person = z.infer<typeof Person>;

export const PurchasedProduct = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

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
  /** Tokens taken back because the fan's card payment was refunded or disputed (0 when none): "Reversed". */
  reversedCents: z.number().int().nonnegative(),
  /** A subscription's month after the first, paid from the wallet (decision 034): "Renewal". */
  isRenewal: z.boolean(),
  /** The fan's message with it (decision 100), or null. */
  message: z.string().nullable(),
});
export type Purchase = z.infer<typeof Purchase>;
export const PurchasePage = pageOf(Purchase);
export type PurchasePage = z.infer<typeof PurchasePage>;

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
  /** Gross, fees and net (architecture.md section 3). */
  feesCents: z.number().int().nonnegative(),
  netCents: z.number().int().nonnegative(),
  /** Tokens taken back because the fan's card payment was refunded or disputed (0 when none): "Reversed". */
  reversedCents: z.number().int().nonnegative(),
  /** A subscription's month after the first (decision 034): "Renewal". */
  isRenewal: z.boolean(),
  /** The fan's message with it (decision 100), or null; an anonymous fan's message stays, their name does not. */
  message: z.string().nullable(),
  /** One fan's share of a group gift (decision 033): the detail shows the whole group gift's totals. */
  isGroupGift: z.boolean(),
});
export type ReceivedItem = z.infer<typeof ReceivedItem>;
export const ReceivedPage = pageOf(ReceivedItem);
export type ReceivedPage = z.infer<typeof ReceivedPage>;

/**
 * What the side menu shows beside its entries: which lists the user has, and how many received items and
 * conversations are unseen (the menu button's dot counts both).
 */
export const ActivitySummary = z.object({
  hasPurchases: z.boolean(),
  hasReceived: z.boolean(),
  unseenReceived: z.number().int().nonnegative(),
  hasConversations: z.boolean(),
  unseenConversations: z.number().int().nonnegative(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;
