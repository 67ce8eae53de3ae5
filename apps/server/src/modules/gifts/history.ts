import type { Purchase, PurchasePage, ReceivedItem, ReceivedPage } from '@sweetwish/shared/wallet';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import {
  findBuyerPurchase,
  findSellerReceived,
  listBuyerPurchases,
  listSellerReceived,
  markReceivedSeen,
  summariseActivity,
} from './history-repo';

type PurchaseRow = NonNullable<Awaited<ReturnType<typeof findBuyerPurchase>>>;
type ReceivedRow = NonNullable<Awaited<ReturnType<typeof findSellerReceived>>>;

function productOf(row: PurchaseRow | ReceivedRow) {
  return row.productId && row.productName
    ? { id: row.productId, name: row.productName, image: row.productImage }
    : null;
}

function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    type: row.type,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    isAnonymous: row.isAnonymous,
    seller: {
      id: row.seller.id,
      handle: row.seller.handle ?? '',
      displayName: row.seller.displayName ?? '',
      photoUrl: row.seller.photoUrl,
    },
    product: productOf(row),
    conversationId: row.conversationId,
    reversedCents: row.reversedCents,
    isRenewal: row.isRenewal,
    message: row.message,
  };
}

/** The recipient sees no trace of an anonymous buyer, nor of one without a public profile (architecture.md §11). */
function toReceived(row: ReceivedRow): ReceivedItem {
  const { buyer } = row;
  const isKnown = !row.isAnonymous && buyer.handle !== null && buyer.displayName !== null;
  return {
    id: row.id,
    type: row.type,
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    isSeen: row.seenAt !== null,
    buyer: isKnown
      ? { id: buyer.id, handle: buyer.handle ?? '', displayName: buyer.displayName ?? '', photoUrl: buyer.photoUrl }
      : null,
    product: productOf(row),
    conversationId: row.conversationId,
    feesCents: row.costCents - row.recipientCents,
    netCents: row.recipientCents,
    reversedCents: row.reversedCents,
    isRenewal: row.isRenewal,
    message: row.message,
    isGroupGift: row.isGroupGift,
  };
}

export async function listPurchases(db: Database, buyerId: string, page: PageRequest): Promise<PurchasePage> {
  const { rows, nextCursor } = cutPage(await listBuyerPurchases(db, buyerId, page), page, (row) => row.id);
  return { items: rows.map(toPurchase), nextCursor };
}

/** One purchase of the buyer's own; anyone else's is "Purchase does not exist.". */
export async function getPurchase(db: Database, buyerId: string, id: string): Promise<Purchase> {
  const row = await findBuyerPurchase(db, buyerId, id);
  if (!row) throw new AppError('NOT_FOUND', WALLET_MESSAGES.purchaseMissing);
  return toPurchase(row);
}

export async function listReceived(db: Database, sellerId: string, page: PageRequest): Promise<ReceivedPage> {
  const { rows, nextCursor } = cutPage(await listSellerReceived(db, sellerId, page), page, (row) => row.id);
  return { items: rows.map(toReceived), nextCursor };
}

/** One received item of the recipient's own. */
export async function getReceived(db: Database, sellerId: string, id: string): Promise<ReceivedItem> {
  const row = await findSellerReceived(db, sellerId, id);
  if (!row) throw new AppError('NOT_FOUND', WALLET_MESSAGES.somethingWrong);
  return toReceived(row);
}

/** Opening a received item marks it seen; only its recipient can, and only once. */
export async function markSeen(db: Database, sellerId: string, id: string): Promise<void> {
  if (!(await markReceivedSeen(db, sellerId, id))) {
    await getReceived(db, sellerId, id); // 404 for anyone else's; already seen is fine
  }
}

/** Whether the user bought or received anything, and how many received items are unseen. */
export async function getGiftActivity(db: Database, userId: string) {
  return summariseActivity(db, userId);
}
