import { z } from 'zod';
import { BLURHASH_LENGTH } from './blurhash';
import { CONTROL_CHARACTER, DisplayName } from './handle';
import { LINK_MAX_LENGTH, LINK_MESSAGES, MAX_LINKS, normalizeLink } from './links';
import { StoredImageUrl } from './media';

export const ABOUT_ME_MAX = 1000;

export const ABOUT_ME_MESSAGES = {
  empty: 'About Me cannot be empty',
  long: `About Me can have at most ${ABOUT_ME_MAX} characters`,
  control: 'Only line breaks are allowed: remove tabs and other control characters',
} as const;

/**
 * What is wrong with an About Me text, if anything. Line breaks (\n) are kept: the profile shows them and
 * shared-link previews fold them into spaces. Every other control character is refused (a \r too: a
 * browser's text area sends \n alone).
 */
export function aboutMeProblem(text: string): keyof typeof ABOUT_ME_MESSAGES | undefined {
  if (CONTROL_CHARACTER.test(text.replaceAll('\n', ''))) return 'control';
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > ABOUT_ME_MAX) return 'long';
  return undefined;
}

const AboutMe = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    const problem = aboutMeProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: ABOUT_ME_MESSAGES[problem] });
  });

/** A creator's public profile (product.md section 3, User): what anyone may see at /{handle}. */
export const PublicProfile = z
  .object({
    id: z.string(),
    /** The current handle: a request by an old handle answers with the new one. */
    handle: z.string(),
    displayName: z.string(),
    description: z.string().nullable(),
    photoUrl: z.string().nullable(),
    photoHash: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    bannerHash: z.string().nullable(),
    links: z.array(z.string()),
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof PublicProfile>;

const Blurhash = z.string().length(BLURHASH_LENGTH);
const SavedLink = z
  .string()
  .max(LINK_MAX_LENGTH)
  .regex(/^https?:\/\//i, LINK_MESSAGES.scheme);
const SavedLinks = z.array(SavedLink).max(MAX_LINKS, LINK_MESSAGES.tooMany);

/** Profile updates merge into the user (product.md section 7); links are saved already normalised (links.ts). */
export const UpdateProfileInput = z
  .object({
    displayName: DisplayName.optional(),
    description: AboutMe.optional(),
    links: SavedLinks.optional(),
    photoUrl: StoredImageUrl.optional(),
    photoHash: Blurhash.optional(),
    bannerUrl: StoredImageUrl.optional(),
    bannerHash: Blurhash.optional(),
  })
  .strict()
  .meta({ id: 'UpdateProfileInput' });
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

/** One entry as typed on the links screen: empty (dropped), or a web address, https:// added (links.ts). */
const TypedLink = z.string().transform((typed, ctx) => {
  const result = normalizeLink(typed);
  if (result && 'error' in result) ctx.addIssue({ code: 'custom', message: result.error });
  return result && 'url' in result ? result.url : undefined;
});

/**
 * The links screen's form: one entry per field, each checked as typed, then the non-empty ones as the
 * server takes them (UpdateProfileInput's `links`).
 */
export const ProfileLinksFields = z.object({
  links: z
    .array(z.object({ url: TypedLink }))
    .transform((entries) => entries.flatMap((entry) => (entry.url ? [entry.url] : [])))
    .pipe(SavedLinks),
});

/** userSearch: at least 3 characters (product.md section 9). */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_RESULT_LIMIT = 20;
export const UserSearchQuery = z.object({ q: z.string().trim().min(SEARCH_MIN_LENGTH).max(50) });
export const UserSearchResult = z
  .object({ id: z.string(), handle: z.string(), displayName: z.string(), photoUrl: z.string().nullable() })
  .meta({ id: 'UserSearchResult' });
export type UserSearchResult = z.infer<typeof UserSearchResult>;
export const UserSearchResults = z.array(UserSearchResult);
