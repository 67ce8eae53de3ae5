import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import type { CardPayments } from '../adapters/payments/card-payments';
import type { ObjectStorage } from '../adapters/storage/object-storage';
import { notifyChange } from '../changes/change-feed';
import type { Database } from '../db/client';
import { retryOnConflict } from '../db/retry-on-conflict';
import { AppError } from '../errors';
import type { Logger } from '../logger';
import { forgetGiftRecipient, lockLiveUser, scrubUser } from '../modules/accounts/service';
import { expireOpenTopUps } from '../modules/checkout/deleted-accounts';
import { detachImagesSentBy } from '../modules/conversations/service';
import { forgetFanMemberships } from '../modules/fans/service';
import { forgetProductImagesOf } from '../modules/gifts/service';
import { returnGroupGiftsOf } from '../modules/group-gifts/service';
import { forgetInbox } from '../modules/inbox/service';
import { MEDIA_PATH_PREFIX } from '../modules/media/service';
import { forgetOverlay } from '../modules/overlay/service';
import { hasWithdrawalInFlight } from '../modules/payouts/service';
import { forgetPushDevices } from '../modules/push/service';
import { forgetSettings } from '../modules/settings/service';
import { endSubscriptionsOf } from '../modules/subscriptions/service';
import { settleWalletForDeletion } from '../modules/wallet/service';
import { forgetWebhooks } from '../modules/webhooks/service';
import { retireWishesOf } from '../modules/wishes/service';

/** A stored image's key from its public address (`/media/images/...`); undefined for anything else. */
function storageKeyOf(url: string | null): string | undefined {
  return url?.startsWith(MEDIA_PATH_PREFIX) ? url.slice(MEDIA_PATH_PREFIX.length) : undefined;
}

/**
 * Deletes an account (architecture.md section 11), in one transaction: only with an empty wallet (or a confirmed
 * remainder given up, decision 017), which is then closed so nothing can be credited to it; personal data, sign-in methods and sessions go; the handle stays
 * reserved for 30 days; wishes are archived; fan memberships and settings go. Ledger records, purchases and
 * conversations stay, showing "Anonymous". The images (photo, banner, wishes, those sent in conversations)
 * are deleted from storage after the commit, and the checkouts it left open are expired.
 */
export async function deleteAccount(
  deps: {
    db: Database;
    storage: ObjectStorage;
    logger: Logger;
    clearingDays: number;
    payments?: CardPayments | undefined;
  },
  userId: string,
  options: { forfeitCents?: number | undefined } = {},
): Promise<void> {
  // A deadlock or serialisation failure with a concurrent gift runs the deletion again.
  const keys = await retryOnConflict(() =>
    deps.db.transaction(async (tx) => {
      const user = await lockLiveUser(tx, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'No user');
      // Group gifts first: contributions held for its wishes go back to their fans, and its own come back
      // to its wallet, which then settles as any balance does (decision 033).
      await returnGroupGiftsOf(tx, userId);
      // Wishes before the wallet, in the order a purchase takes them (the wish it claims, then the wallets).
      const wishImages = await retireWishesOf(tx, userId);
      // Nothing is charged to or for a deleted account again (decision 034).
      await endSubscriptionsOf(tx, userId);
      // Its money may still come back to the wallet (a refused transfer): it must settle first.
      if (await hasWithdrawalInFlight(tx, userId)) {
        throw new AppError('CONFLICT', SETTINGS_MESSAGES.pendingWithdrawal);
      }
      // Refused with the reason and when (a dispute, pending earnings, a balance to withdraw), or emptied
      // (a confirmed small remainder given up) and closed (decision 017).
      await settleWalletForDeletion(tx, userId, {
        forfeitCents: options.forfeitCents,
        clearingDays: deps.clearingDays,
      });
      await forgetProductImagesOf(tx, userId);
      const messageImages = await detachImagesSentBy(tx, userId);
      await forgetFanMemberships(tx, userId);
      await forgetInbox(tx, userId);
      await forgetSettings(tx, userId);
      await forgetOverlay(tx, userId);
      await forgetPushDevices(tx, userId);
      await forgetWebhooks(tx, userId);
      await scrubUser(tx, userId, user.handle);
      if (user.handle) await notifyChange(tx, { topic: 'handle', handle: user.handle.toLowerCase() });
      await notifyChange(tx, { topic: 'profile', userId });
      await notifyChange(tx, { topic: 'account-deleted', userId });
      return [
        ...[user.photoUrl, user.bannerUrl, ...wishImages].map(storageKeyOf).filter((k): k is string => !!k),
        ...messageImages,
      ];
    }),
  );
  forgetGiftRecipient(userId);
  // Its checkouts still open can no longer be paid; one paid all the same is refunded (decision 017).
  await expireOpenTopUps(deps, userId);
  for (const key of keys) {
    await deps.storage.delete(key).catch((err: unknown) => {
      deps.logger.error({ err, key }, 'a deleted account’s image could not be removed from storage');
    });
  }
}
