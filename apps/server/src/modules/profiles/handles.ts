import type { Inviter, Me } from '@sweetwish/shared/accounts';
import { HANDLE_MESSAGES, isReservedHandle } from '@sweetwish/shared/handle';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  changeHandle,
  completeProfileRow,
  findPublicProfileByHandle,
  findPublicProfileById,
  isHandleHeldForPreviousOwner,
} from '../accounts/profile-rows';
import { getMe } from '../accounts/service';

// Handles: taking the first one (completing the profile), changing it, whether one is free, and the inviter
// an invite code (a handle) stands for. Each answers the signed-in user as /me shows them.

/** A released handle stays with its last owner this long (architecture.md section 8). */
const RELEASED_HANDLE_HOLD_MS = 30 * 24 * 60 * 60 * 1000;

/** Free for `userId` (or anyone, when undefined): not reserved, not held, not kept for a previous owner. */
export async function isHandleAvailable(db: Database, handle: string, userId?: string): Promise<boolean> {
  if (isReservedHandle(handle)) return false;
  const holder = await findPublicProfileByHandle(db, handle);
  if (holder && holder.id !== userId) return false;
  const since = new Date(Date.now() - RELEASED_HANDLE_HOLD_MS);
  return !(await isHandleHeldForPreviousOwner(db, handle, userId, since));
}

/** The user an invite code (their handle, lowercased and trimmed) stands for. */
export async function findInviter(db: Database, code: string): Promise<Inviter | undefined> {
  const user = await findPublicProfileByHandle(db, code.trim().toLowerCase());
  if (!user?.handle || !user.displayName) return undefined;
  return { id: user.id, handle: user.handle, displayName: user.displayName, photoUrl: user.photoUrl };
}

/** A taken handle is a problem with the handle field: the form shows it there (`fields`). */
function handleTaken(): AppError {
  return new AppError('CONFLICT', HANDLE_MESSAGES.taken, { handle: HANDLE_MESSAGES.taken });
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function completeProfile(
  db: Database,
  userId: string,
  input: { handle: string; displayName: string; affiliate?: string | undefined },
): Promise<Me> {
  if (!(await isHandleAvailable(db, input.handle, userId))) throw handleTaken();
  // An unknown code or one's own is no inviter; the first recorded one is kept for good.
  const inviter = input.affiliate ? await findInviter(db, input.affiliate) : undefined;
  const affiliateId = inviter && inviter.id !== userId ? inviter.id : undefined;
  try {
    const isCompleted = await completeProfileRow(db, userId, { ...input, affiliateId });
    if (!isCompleted) throw new AppError('CONFLICT', 'Your profile is already complete.');
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken();
    throw err;
  }
  return getMe(db, userId);
}

export async function setHandle(db: Database, userId: string, handle: string): Promise<Me> {
  const user = await findPublicProfileById(db, userId);
  if (!user?.handle) throw new AppError('CONFLICT', 'Complete your profile first.');
  if (user.handle === handle) return getMe(db, userId);
  if (!(await isHandleAvailable(db, handle, userId))) throw handleTaken();
  try {
    await changeHandle(db, userId, user.handle, handle);
  } catch (err) {
    if (isUniqueViolation(err)) throw handleTaken();
    throw err;
  }
  return getMe(db, userId);
}
