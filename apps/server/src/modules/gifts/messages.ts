import type { Database } from '../../db/client';
import {
  findGiftBySeq,
  findLastSeqBefore,
  findMessagesInState,
  type MessageRow,
  updateMessageState,
} from './message-rows';
import { findLastSellerSeq } from './overlay-feed-repo';

/**
 * Fans' messages with their gifts and tips, as the gift-messages module reads and decides them (decision
 * 100). The fan's name is null when the gift is anonymous, the account deleted or without a public profile:
 * the caller shows "Anonymous"; the message itself is kept.
 */
export type GiftWithMessage = {
  id: string;
  seq: number;
  type: 'standard' | 'tip';
  costCents: number;
  buyerName: string | null;
  product: { name: string; image: string | null } | null;
  message: string | null;
  messageState: 'shown' | 'held' | 'approved' | 'skipped' | null;
  createdAt: Date;
};

/** The fan's name as others may see it: null for an anonymous gift, or a fan deleted or without a profile. */
export function fanNameOf(row: {
  isAnonymous: boolean;
  buyer: { handle: string | null; displayName: string | null; deletedAt: Date | null };
}): string | null {
  const isKnown = !row.isAnonymous && row.buyer.handle !== null && !row.buyer.deletedAt;
  return isKnown ? row.buyer.displayName : null;
}

function toGift(row: MessageRow): GiftWithMessage {
  return {
    id: row.id,
    seq: row.seq,
    type: row.type,
    costCents: row.costCents,
    buyerName: fanNameOf(row),
    product: row.type === 'standard' && row.productName ? { name: row.productName, image: row.productImage } : null,
    message: row.message,
    messageState: row.messageState,
    createdAt: row.createdAt,
  };
}

/** The creator's held messages, oldest first: the control page's queue. */
export async function heldMessages(db: Database, sellerId: string, limit: number): Promise<GiftWithMessage[]> {
  return (await findMessagesInState(db, sellerId, 'held', limit)).map(toGift);
}

/** Messages the creator approved that no overlay has shown yet, oldest first. */
export async function approvedUnshownMessages(db: Database, sellerId: string, limit: number) {
  return (await findMessagesInState(db, sellerId, 'approved', limit)).map(toGift);
}

/** Approves (to be shown) or skips (never shown) a held message; false when none of the creator's was held. */
export async function decideHeldMessage(
  db: Database,
  sellerId: string,
  purchaseId: string,
  decision: 'approved' | 'skipped',
): Promise<boolean> {
  return updateMessageState(db, sellerId, purchaseId, ['held'], decision);
}

/** An overlay began to show an approved message: it is shown once. False when it was shown already. */
export async function markApprovedShown(db: Database, sellerId: string, purchaseId: string): Promise<boolean> {
  return updateMessageState(db, sellerId, purchaseId, ['approved'], 'shown');
}

export async function giftBySeq(db: Database, sellerId: string, seq: number) {
  const row = await findGiftBySeq(db, sellerId, seq);
  return row && toGift(row);
}

export async function lastGiftSeqBefore(db: Database, sellerId: string, before: Date): Promise<number> {
  return findLastSeqBefore(db, sellerId, before);
}

/** The number of the seller's latest gift (0 before any). */
export async function latestGiftSeq(db: Database, sellerId: string): Promise<number> {
  return findLastSellerSeq(db, sellerId);
}
