import { isOwnImage } from '@sweetwish/shared/media';
import type { PublicProfile, UpdateProfileInput, UserSearchResult } from '@sweetwish/shared/profiles';
import { SEARCH_RESULT_LIMIT } from '@sweetwish/shared/profiles';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  findPreviousOwnerId,
  findPublicProfileByHandle,
  findPublicProfileById,
  type SearchCandidate,
  searchProfiles,
  updateProfileRow,
} from '../accounts/profile-rows';
import { requiredTrigrams } from './search-trigrams';

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findPublicProfileById>>>;

/** A suspended account has no public face: its page reads "User Not Found" (decision 028). */
function toPublicProfile({ suspendedAt, ...row }: ProfileRow): PublicProfile | undefined {
  if (!row.handle || !row.displayName || suspendedAt) return undefined;
  return { ...row, handle: row.handle, displayName: row.displayName };
}

/**
 * The profile at /{handle}. A past handle that no one else holds leads to its last owner, whose current
 * handle the answer carries (architecture.md section 8).
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
  if (url !== undefined && !isOwnImage(userId, url)) throw new AppError('VALIDATION', 'Images must be uploaded first');
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

/** How many unordered matches are ranked to pick the best: enough to choose from, few enough to be cheap. */
const RANKED_CANDIDATES = 3 * SEARCH_RESULT_LIMIT;

/** Among unordered matches: where a word starts with it first, then the shortest names. */
function byCloseness(term: string) {
  const q = term.toLowerCase();
  const startsAWord = (text: string) => text.startsWith(q) || text.includes(` ${q}`) || text.includes(`_${q}`);
  const rank = (row: SearchCandidate) => {
    const text = `${row.handle} ${row.displayName}`.toLowerCase();
    return (startsAWord(text) ? 0 : 1000) + text.length;
  };
  return (a: SearchCandidate, b: SearchCandidate) => rank(a) - rank(b) || a.id.localeCompare(b.id);
}

/** The words of a search term as the full-text index splits names: runs of letters and digits, lowercased. */
function searchWords(term: string) {
  return term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whole words but the last, which may be the start of one: "rosy hea" is `rosy & hea:*`. */
function wordsQuery(term: string) {
  // Words are letters and digits only, so the query cannot carry tsquery syntax.
  const termWords = searchWords(term);
  if (termWords.length === 0) return undefined;
  return termWords.map((w, i) => (i === termWords.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The term's word when it has just one: names with a word starting with it are read from a btree. */
function onlyWord(term: string) {
  const termWords = searchWords(term);
  return termWords.length === 1 ? termWords[0] : undefined;
}

/**
 * For a term of plain words ("sunny petal 812"): its words after the first, as wordsQuery writes them
 * (`petal & 812:*`). A name that contains the term has each of them as a word, the last as the start of one:
 * a space stands before each, and no word of the full-text index runs across a space. The substring stage
 * then finds such names through that index and checks the term's position in the name, instead of scanning
 * the trigram index for trigrams thousands of names share. Undefined for any other term.
 */
function afterFirstWordQuery(term: string) {
  const low = term.toLowerCase();
  if (!/^[a-z0-9]+( [a-z0-9]+)+$/.test(low)) return undefined;
  return wordsQuery(low.slice(low.indexOf(' ') + 1));
}

/**
 * Closest first, cheapest first, in one round trip (searchProfiles): handles and names that start with the
 * term (an exact handle leads); then names with words that start with the term's words; and only when
 * neither found anyone, names that contain the term anywhere, unless a trigram the term needs appears in no
 * name at all (a miss then costs no more than a hit).
 */
export async function searchUsers(db: Database, term: string): Promise<UserSearchResult[]> {
  const candidates = await searchProfiles(db, {
    term,
    tsQuery: wordsQuery(term),
    word: onlyWord(term),
    afterFirstWordQuery: afterFirstWordQuery(term),
    trigrams: requiredTrigrams(term),
    limit: SEARCH_RESULT_LIMIT,
    candidates: RANKED_CANDIDATES,
  });
  const ranked = [
    ...candidates.filter((row) => row.stage === 'prefix'),
    ...candidates.filter((row) => row.stage !== 'prefix').sort(byCloseness(term)),
  ];
  const results = new Map<string, UserSearchResult>();
  for (const { id, handle, displayName, photoUrl } of ranked) {
    if (results.size < SEARCH_RESULT_LIMIT) results.set(id, { id, handle, displayName, photoUrl });
  }
  return [...results.values()];
}

/** A user's profile as it is now, for a report's snapshot (decision 028); undefined for an unknown user. */
export async function getProfileSnapshot(db: Database, userId: string) {
  const row = await findPublicProfileById(db, userId);
  if (!row) return undefined;
  const { handle, displayName, description, photoUrl, bannerUrl, links } = row;
  return { handle, displayName, description, photoUrl, bannerUrl, links };
}

// The upload sweep (use-cases/upload-sweep.ts) asks this in its one locked statement over uploads.
export { isProfileImage } from '../accounts/profile-rows';
