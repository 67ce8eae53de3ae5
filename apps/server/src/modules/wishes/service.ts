import { isOwnImage } from '@sweetwish/shared/media';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { CreateWishInput, UpdateWishInput, Wish, WishPage } from '@sweetwish/shared/wishes';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { findPublicSeller } from '../profiles/service';
import { archiveAllOfSeller, findWish, insertWish, listSellerWishes, updateSellerWish, type WishRow } from './repo';

function toWish(row: WishRow): Wish {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** A wish image must be one the seller uploaded: it lives in their own media folder. */
function checkImageOwner(sellerId: string, image: string | undefined) {
  if (image !== undefined && !isOwnImage(sellerId, image)) {
    throw new AppError('VALIDATION', 'Images must be uploaded first', { image: 'Images must be uploaded first' });
  }
}

/**
 * How many wishes a seller may have on their list (archived ones aside). Every visitor of the profile
 * loads the whole list, and the spec's wishlist search runs over it in the browser: it must stay bounded.
 * A thousand is far more than a wishlist holds; archiving one makes room.
 */
export const MAX_ACTIVE_WISHES = 1000;
const LIST_FULL_MESSAGE = `You can have at most ${MAX_ACTIVE_WISHES.toLocaleString('en-US')} wishes. Archive one to add another.`;

export async function createWish(db: Database, sellerId: string, input: CreateWishInput): Promise<Wish> {
  checkImageOwner(sellerId, input.image);
  const row = await insertWish(db, { ...input, sellerId }, MAX_ACTIVE_WISHES);
  if (!row) throw new AppError('CONFLICT', LIST_FULL_MESSAGE);
  return toWish(row);
}

/** Only the seller may change a wish; anyone else is told it does not exist, and nothing changes. */
export async function updateWish(db: Database, sellerId: string, id: string, changes: UpdateWishInput): Promise<Wish> {
  checkImageOwner(sellerId, changes.image);
  const row = await updateSellerWish(db, sellerId, id, changes, MAX_ACTIVE_WISHES);
  if (row === 'not-found') throw new AppError('NOT_FOUND', 'Product does not exist.');
  if (row === 'full') throw new AppError('CONFLICT', LIST_FULL_MESSAGE);
  return toWish(row);
}

/** A seller's wishlist; the archived ones only for the seller themself. */
export async function listWishes(
  db: Database,
  sellerId: string,
  options: { archived: boolean; viewerId: string | undefined },
): Promise<Wish[]> {
  if (options.archived && options.viewerId !== sellerId) {
    throw new AppError('FORBIDDEN', 'Only the owner sees archived wishes');
  }
  return (await listSellerWishes(db, sellerId, options.archived)).map(toWish);
}

export async function getWishPage(db: Database, id: string): Promise<WishPage> {
  const row = await findWish(db, id);
  const seller = row && (await findPublicSeller(db, row.sellerId));
  if (!row || !seller) throw new AppError('NOT_FOUND', 'Product does not exist.');
  return { wish: toWish(row), seller };
}

/**
 * The wish a buyer is about to pay for, if it can be bought: a wish of that seller, neither archived nor
 * sold (design.md section 3). A single-purchase wish is marked sold in the same statement as its payment
 * (post_gifts()), so of buyers racing for it one wins and the others are not charged.
 */
export async function getWishForSale(db: Database, productId: string, sellerId: string): Promise<Wish> {
  const wish = await findWish(db, productId);
  if (!wish || wish.sellerId !== sellerId) throw new AppError('NOT_FOUND', 'Product does not exist.');
  if (wish.archived) throw new AppError('CONFLICT', 'This wish has been archived');
  if (wish.purchased) throw new AppError('CONFLICT', WALLET_MESSAGES.alreadyPurchased);
  return toWish(wish);
}

/**
 * Call in the transaction that deletes the seller's account: every wish is archived (purchases keep
 * referring to them) and loses its picture. Answers the pictures' addresses, to delete after commit.
 */
export async function retireWishesOf(db: Database, sellerId: string): Promise<string[]> {
  return archiveAllOfSeller(db, sellerId);
}
