import type { Database } from '../../db/client';
import {
  clearProductImagesOfSeller,
  findPurchaseParties,
  findPurchasesByTransfer,
  hasBought,
  setPurchaseConversation,
  sumNamedGifts,
} from './repo';

export type PurchaseParties = NonNullable<Awaited<ReturnType<typeof findPurchaseParties>>>;

/** A purchase's buyer, recipient and what was bought, or undefined: for its conversation (conversations module). */
export async function getPurchaseParties(db: Database, purchaseId: string): Promise<PurchaseParties | undefined> {
  return findPurchaseParties(db, purchaseId);
}

/** Call in the transaction that creates the purchase's conversation. */
export async function attachConversation(db: Database, purchaseId: string, conversationId: string): Promise<void> {
  await setPurchaseConversation(db, purchaseId, conversationId);
}

/** Call in the transaction that deletes a seller's account: the records keep names and amounts, not pictures. */
export async function forgetProductImagesOf(db: Database, sellerId: string): Promise<void> {
  await clearProductImagesOfSeller(db, sellerId);
}

/** Whether the fan has rewarded the creator: what lets them join the creator's fan base (product.md section 1). */
export async function hasRewarded(db: Database, fanId: string, creatorId: string): Promise<boolean> {
  return hasBought(db, fanId, creatorId);
}

/** Cents each fan gave the creator under their name; anonymous gifts stay anonymous. */
export async function namedTotalsGiven(
  db: Database,
  creatorId: string,
  fanIds: string[],
): Promise<Map<string, number>> {
  const rows = await sumNamedGifts(db, creatorId, fanIds);
  return new Map(rows.map((r) => [r.buyerId, Number(r.totalCents)]));
}

export type PurchaseOfTransfer = Awaited<ReturnType<typeof findPurchasesByTransfer>>[number];

/** The purchases behind ledger transfers, by transfer id (the earnings statement). */
export async function purchasesOfTransfers(
  db: Database,
  transferIds: string[],
): Promise<Map<string, PurchaseOfTransfer>> {
  return new Map((await findPurchasesByTransfer(db, transferIds)).map((p) => [p.transferId, p]));
}
