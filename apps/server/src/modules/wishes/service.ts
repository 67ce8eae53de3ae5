import { isOwnImage } from '@sweetwish/shared/media';
import { WALLET_MESSAGES } from '@sweetwish/shared/wallet-rules';
import type { ArchivedWishPage, CreateWishInput, UpdateWishInput, Wish, WishPage } from '@sweetwish/shared/wishes';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { findPublicSeller } from '../profiles/service';
import {
  archiveAllOfSeller,
  changeGroupGiftFunding,
  clearGroupGiftFunding,
  findVisibleWish,
  findWish,
  insertWish,
  listArchivedWishes,
  listSellerWishes,
  lockHeldGroupGiftsOf,
  lockWishes,
  markWishHidden,
  updateSellerWish,
  type WishRow,
} from './repo';

function toWish(row: WishRow): Wish {
  // A wish's store link is the creator's to show: until they do, no one is told it.
  const sourceUrl = row.showSourceLink ? row.sourceUrl : null;
  return { ...row, sourceUrl, updatedAt: row.updatedAt.toISOString() };
}

/** A wish image must be one the seller uploaded: it lives in their own media folder. */
function checkImageOwner(sellerId: string, image: string | undefined) {
  if (image !== undefined && !isOwnImage(sellerId, image)) {
    throw new AppError('VALIDATION', 'Images must be uploaded first', { image: 'Images must be uploaded first' });
  }
}

/**
 * How many wishes a seller may have on their list (archived ones and those hidden by moderation aside). Every visitor of the profile
 * loads the whole list, and product.md's wishlist search runs over it in the browser: it must stay bounded.
 * A thousand is far more than a wishlist holds; archiving one makes room.
 */
export const MAX_ACTIVE_WISHES = 1000;
const LIST_FULL_MESSAGE = `You can have at most ${MAX_ACTIVE_WISHES.toLocaleString('en-US')} wishes. Archive one to add another.`;

export async function createWish(db: Database, sellerId: string, input: CreateWishInput): Promise<Wish> {
  checkImageOwner(sellerId, input.image);
  // A group gift is granted once, when fully funded (decision 033): never a repeated purchase.
  const values = input.isGroupGift ? { ...input, allowRepeatPurchases: false } : input;
  const row = await insertWish(db, { ...values, sellerId }, MAX_ACTIVE_WISHES);
  if (!row) throw new AppError('CONFLICT', LIST_FULL_MESSAGE);
  return toWish(row);
}

/**
 * Only the seller may change a wish; anyone else is told it does not exist, and nothing changes.
 * `beforeUpdate` runs in the update's transaction with the wish locked (group gifts: decision 033).
 */
export async function updateWish(
  db: Database,
  sellerId: string,
  id: string,
  changes: UpdateWishInput,
  beforeUpdate?: (tx: Database, current: Wish) => Promise<void>,
): Promise<Wish> {
  checkImageOwner(sellerId, changes.image);
  const hook = beforeUpdate && ((tx: Database, current: WishRow) => beforeUpdate(tx, toWish(current)));
  const row = await updateSellerWish(db, sellerId, id, changes, MAX_ACTIVE_WISHES, hook);
  if (row === 'not-found') throw new AppError('NOT_FOUND', 'Product does not exist.');
  if (row === 'full') throw new AppError('CONFLICT', LIST_FULL_MESSAGE);
  return toWish(row);
}

/** A seller's public wishlist: the wishes that are not archived. */
export async function listWishes(db: Database, sellerId: string): Promise<Wish[]> {
  return (await listSellerWishes(db, sellerId)).map(toWish);
}

/** A page of a seller's archived wishes, for the seller themself only. */
export async function listArchivedWishPage(
  db: Database,
  sellerId: string,
  viewerId: string | undefined,
  page: PageRequest,
): Promise<ArchivedWishPage> {
  if (viewerId !== sellerId) throw new AppError('FORBIDDEN', 'Only the owner sees archived wishes');
  const { rows, nextCursor } = cutPage(await listArchivedWishes(db, sellerId, page), page, (row) => row.id);
  return { items: rows.map(({ pageKey, pageRank, ...row }) => toWish(row)), nextCursor };
}

export async function getWishPage(db: Database, id: string): Promise<WishPage> {
  const row = await findVisibleWish(db, id);
  const seller = row && (await findPublicSeller(db, row.sellerId));
  if (!row || !seller) throw new AppError('NOT_FOUND', 'Product does not exist.');
  return { wish: toWish(row), seller };
}

/**
 * The wish a buyer is about to pay for, if it can be bought: a wish of that seller, neither archived nor
 * sold (architecture.md section 3). A single-purchase wish is marked sold in the same statement as its payment
 * (post_gifts()), so of buyers racing for it one wins and the others are not charged.
 */
export async function getWishForSale(db: Database, productId: string, sellerId: string): Promise<Wish> {
  const wish = await findVisibleWish(db, productId);
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

/**
 * Call in a transaction: the guarded change of a group gift's funding (decision 033). Undefined, and
 * nothing changed, when it is not a visible, unarchived, unfunded group gift of that seller or the total
 * would leave 0..price. The wish row stays locked until commit.
 */
export async function changeFunding(
  db: Database,
  wishId: string,
  sellerId: string,
  deltaCents: number,
): Promise<Wish | undefined> {
  const row = await changeGroupGiftFunding(db, wishId, sellerId, deltaCents);
  return row && toWish(row);
}

/** Call with the wish locked, after every contribution was returned: its funding is zero again. */
export async function clearFunding(db: Database, wishId: string): Promise<void> {
  await clearGroupGiftFunding(db, wishId);
}

/** Call in a transaction: the seller's unfunded group gifts holding contributions, locked (account deletion). */
export async function lockHeldGroupGifts(db: Database, sellerId: string): Promise<Wish[]> {
  return (await lockHeldGroupGiftsOf(db, sellerId)).map(toWish);
}

/** Call in a transaction: these wishes, locked in id order. */
export async function lockWishesById(db: Database, ids: string[]): Promise<Wish[]> {
  return (await lockWishes(db, ids)).map(toWish);
}

/** A wish as it is now, hidden or not, for a report's snapshot (decision 028); undefined when unknown. */
export async function getWishSnapshot(db: Database, id: string) {
  const row = await findWish(db, id);
  return (
    row && { sellerId: row.sellerId, name: row.name, description: row.description, cost: row.cost, image: row.image }
  );
}

/**
 * A moderator hides a wish (decision 028): the public wishlist, the wish page and the seller's own lists no
 * longer show it, and nobody can buy it. Answers its seller (whose cached wishlist must go), or undefined.
 */
export async function hideWish(db: Database, id: string): Promise<string | undefined> {
  return markWishHidden(db, id);
}

// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
export { isWishImage } from './repo';
