import type { PublicProfile, UpdateProfileInput, UserSearchResult } from '@sweetwish/shared/profiles';
import { SEARCH_RESULT_LIMIT } from '@sweetwish/shared/profiles';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  findPreviousOwnerId,
  findPublicProfileByHandle,
  findPublicProfileById,
  searchProfiles,
  updateProfileRow,
} from './profile-repo';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findPublicProfileById>>>;

function toPublicProfile(row: ProfileRow): PublicProfile | undefined {
  if (!row.handle || !row.displayName) return undefined;
  return { ...row, handle: row.handle, displayName: row.displayName };
}

/**
 * The profile at /{handle}. A past handle that no one else holds leads to its last owner, whose current
 * handle the answer carries (design.md section 8).
 */
export async function getPublicProfile(db: Database, handle: string): Promise<PublicProfile> {
  const current = await findPublicProfileByHandle(db, handle);
  if (current) {
    const profile = toPublicProfile(current);
    if (profile) return profile;
  }
  const previousOwnerId = current ? undefined : await findPreviousOwnerId(db, handle);
  const previous = previousOwnerId && (await findPublicProfileById(db, previousOwnerId));
  const profile = previous && toPublicProfile(previous);
  if (!profile) throw new AppError('NOT_FOUND', 'User Not Found');
  return profile;
}

/** The seller header of a wish page: only users with a complete profile sell. */
export async function findPublicSeller(db: Database, userId: string) {
  const row = await findPublicProfileById(db, userId);
  const profile = row && toPublicProfile(row);
  return (
    profile && { id: profile.id, handle: profile.handle, displayName: profile.displayName, photoUrl: profile.photoUrl }
  );
}

/** A user's own images only: anything else would show someone else's upload as theirs. */
function checkOwnMedia(userId: string, url: string | undefined) {
  if (url !== undefined && !url.startsWith(`/media/images/users/${userId}/`)) {
    throw new AppError('VALIDATION', 'Images must be uploaded first');
  }
}

export async function updateProfile(db: Database, userId: string, input: UpdateProfileInput): Promise<PublicProfile> {
  checkOwnMedia(userId, input.photoUrl);
  checkOwnMedia(userId, input.bannerUrl);
  const current = await findPublicProfileById(db, userId);
  if (!current?.handle) throw new AppError('CONFLICT', 'Complete your profile first.');
  await updateProfileRow(db, userId, input);
  const row = await findPublicProfileById(db, userId);
  const profile = row && toPublicProfile(row);
  if (!profile) throw new Error('profile vanished during its update');
  return profile;
}

/** The exact handle first (someone typing a handle means that person), then the closest names. */
export async function searchUsers(db: Database, term: string): Promise<UserSearchResult[]> {
  const exact = await findPublicProfileByHandle(db, term);
  const rows = [...(exact ? [exact] : []), ...(await searchProfiles(db, term, SEARCH_RESULT_LIMIT))];
  const results: UserSearchResult[] = [];
  for (const { id, handle, displayName, photoUrl } of rows) {
    if (!handle || !displayName || results.some((r) => r.id === id)) continue;
    results.push({ id, handle, displayName, photoUrl });
  }
  return results.slice(0, SEARCH_RESULT_LIMIT);
}
