import type { Me } from '@sweetwish/shared/accounts';
import { displayNameProblem } from '@sweetwish/shared/handle';
import type { SuspendedAccountPage } from '@sweetwish/shared/safety';
import { notifyChange } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import { cutPage, type PageRequest } from '../../db/keyset';
import { AppError } from '../../errors';
import { isPhoneOnlyEmail } from './auth';
import {
  deleteSessionsOf,
  findGiftRecipient,
  findUserById,
  isUserSuspended,
  listSuspendedUsers,
  markNotSuspended,
  markSuspended,
} from './repo';

export async function getMe(db: Database, userId: string): Promise<Me> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'No user');
  return {
    id: user.id,
    handle: user.handle,
    displayName: user.displayName,
    photoUrl: user.photoUrl,
    phoneNumber: user.phoneNumber,
    email: isPhoneOnlyEmail(user.email) ? null : user.email,
    isProfileComplete: Boolean(user.handle && user.displayName),
    // Apple sends the name only on the first sign-in: it is kept (as better-auth's name) and offered here.
    ...(!user.displayName && !displayNameProblem(user.name) && { suggestedDisplayName: user.name }),
  };
}

type GiftRecipient = NonNullable<Awaited<ReturnType<typeof findGiftRecipient>>>;

/**
 * Recipients found before. A completed profile stays complete and its inviter is recorded once and never
 * changed, so an answer stays true until an account is deleted (forgetGiftRecipient, which every instance
 * hears through the change feed); remembering it saves a query on every tip.
 */
const knownRecipients = new Map<string, GiftRecipient>();
const KNOWN_RECIPIENTS_MAX = 10_000;

/** A user who can receive gifts and tips, with the affiliate who invited them, or undefined. */
export async function getGiftRecipient(db: Database, userId: string): Promise<GiftRecipient | undefined> {
  const known = knownRecipients.get(userId);
  if (known) return known;
  const found = await findGiftRecipient(db, userId);
  if (found) {
    knownRecipients.set(userId, found);
    if (knownRecipients.size > KNOWN_RECIPIENTS_MAX)
      knownRecipients.delete(knownRecipients.keys().next().value as string);
  }
  return found;
}

/** Forgets a deleted account, as a recipient and as anyone's affiliate; everyone when undefined. */
export function forgetGiftRecipient(userId?: string) {
  for (const [id, recipient] of knownRecipients) {
    if (userId === undefined || id === userId || recipient.affiliateId === userId) knownRecipients.delete(id);
  }
}

export async function userExists(db: Database, userId: string): Promise<boolean> {
  return (await findUserById(db, userId)) !== undefined;
}

export type NotificationAddress = { channel: 'sms' | 'email'; to: string };

/**
 * Where a user's notifications go: the sign-in method they use (product.md section 1), a text for a phone
 * account and an e-mail otherwise. Undefined for a deleted or unknown account.
 */
export async function getNotificationAddress(db: Database, userId: string): Promise<NotificationAddress | undefined> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) return undefined;
  if (user.phoneNumber) return { channel: 'sms', to: user.phoneNumber };
  if (isPhoneOnlyEmail(user.email)) return undefined;
  return { channel: 'email', to: user.email };
}

/** Sign out everywhere: every session of the user ends, and every instance forgets its cached copies. */
export async function signOutEverywhere(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSessionsOf(tx, userId);
    await notifyChange(tx, { topic: 'user-signed-out', userId });
  });
}

/**
 * Who a user is for the moderators' list (MODERATORS names user ids or e-mail addresses): the verified
 * e-mail address (a phone account's stand-in address is none). Undefined for a deleted or suspended
 * account, which moderates nothing.
 */
export async function getModerationIdentity(
  db: Database,
  userId: string,
): Promise<{ email: string | null } | undefined> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt || user.suspendedAt) return undefined;
  const hasEmail = user.emailVerified && !isPhoneOnlyEmail(user.email);
  return { email: hasEmail ? user.email : null };
}

/** Whether a moderator suspended the account. */
export async function isSuspended(db: Database, userId: string): Promise<boolean> {
  return isUserSuspended(db, userId);
}

/**
 * Suspends an account (decision 028): every session ends at once on every instance, a sign-in is refused
 * from now on, its public page reads "User Not Found" and it receives no gifts. Nothing of the ledger
 * changes: its earnings stay held. Answers the sessions it ended (their tokens, for the suspended screen
 * to recognise those browsers), or undefined when it was suspended already (or is gone).
 */
export async function suspendAccount(
  db: Database,
  userId: string,
): Promise<{ token: string; expiresAt: Date }[] | undefined> {
  return db.transaction(async (tx) => {
    if (!(await markSuspended(tx, userId))) return undefined;
    const ended = await deleteSessionsOf(tx, userId);
    await notifyChange(tx, { topic: 'user-signed-out', userId });
    await notifyChange(tx, { topic: 'account-suspended', userId });
    await notifyChange(tx, { topic: 'profile', userId });
    await notifyChange(tx, { topic: 'wishes', userId });
    return ended;
  });
}

/**
 * Lifts a suspension (in the caller's transaction): the account may sign in again, and its public page,
 * search and gifts come back as they were. False when it is not suspended (or is unknown or deleted).
 */
export async function liftSuspension(db: Database, userId: string): Promise<boolean> {
  if (!(await markNotSuspended(db, userId))) return false;
  await notifyChange(db, { topic: 'profile', userId });
  await notifyChange(db, { topic: 'wishes', userId });
  return true;
}

/** The suspended accounts, the latest suspended first, page by page (the moderation screen). */
export async function listSuspendedAccounts(db: Database, page: PageRequest): Promise<SuspendedAccountPage> {
  const { rows, nextCursor } = cutPage(await listSuspendedUsers(db, page), page, (row) => row.id);
  return {
    items: rows.map(({ pageKey, suspendedAt, ...row }) => ({ ...row, suspendedAt: suspendedAt.toISOString() })),
    nextCursor,
  };
}

// Account deletion (use-cases/delete-account.ts) locks the user's row and scrubs it in its own transaction.
export { lockLiveUser, scrubUser } from './repo';
