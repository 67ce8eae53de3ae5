// The gifts module's interface for routes, other modules and use cases: paying for gifts and tips, the
// buyer's and the creator's history, what other modules ask of purchases, and the stream overlay's feed.

export { getGiftActivity, getPurchase, getReceived, listPurchases, listReceived, markSeen } from './history';
export { giftsAfter, giftsTotalSinceAt, lastGiftSeq, type OverlayGift, topGiftersSince } from './overlay-feed';
export { giftsTotalSince } from './overlay-feed-repo';
export { buyWish, giftPosting, postPurchaseNow, recordPrepaidGift, sendTip } from './payment';
export {
  attachConversation,
  forgetProductImagesOf,
  getPurchaseParties,
  hasRewarded,
  namedTotalsGiven,
  type PurchaseOfTransfer,
  type PurchaseParties,
  purchasesOfTransfers,
} from './purchase-queries';
// The upload sweep asks isPurchaseImage in its one locked statement over uploads; refunds and disputes
// (checkout), group gifts and the overlay read and mark purchases in their own statements.
export { changePurchaseReversed, findPurchaseSplit, isPurchaseImage, type NewPurchase } from './repo';
