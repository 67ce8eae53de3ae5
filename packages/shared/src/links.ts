/** Profile links (product.md section 5, Links): empty entries dropped, https:// added, http(s) only. */
export const LINK_MAX_LENGTH = 1000;
export const MAX_LINKS = 20;
export const LINK_MESSAGES = {
  invalid: 'Enter a valid web address',
  scheme: 'Only http and https links are allowed',
  tooLong: `Links must be at most ${LINK_MAX_LENGTH} characters`,
  tooMany: `At most ${MAX_LINKS} links`,
} as const;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The link to save for what was typed, or the reason it cannot be saved; undefined for an empty entry. */
export function normalizeLink(typed: string): { url: string } | { error: string } | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return undefined;
  if (trimmed.length > LINK_MAX_LENGTH) return { error: LINK_MESSAGES.tooLong };
  // "host:port/path" has no scheme either, but looks like one to the pattern: only a "//" or a known
  // scheme makes the text before the colon a scheme.
  const hasScheme = SCHEME.test(trimmed) && !/^[^:/]+:\d+(\/|$)/.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { error: LINK_MESSAGES.invalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: LINK_MESSAGES.scheme };
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return { error: LINK_MESSAGES.invalid };
  return { url: url.toString() };
}

/** Every entry normalised, empties dropped; the first problem found, if any. */
export function normalizeLinks(typed: string[]): { urls: string[] } | { error: string; index: number } {
  const urls: string[] = [];
  for (const [index, entry] of typed.entries()) {
    const result = normalizeLink(entry);
    if (!result) continue;
    if ('error' in result) return { error: result.error, index };
    urls.push(result.url);
  }
  if (urls.length > MAX_LINKS) return { error: LINK_MESSAGES.tooMany, index: MAX_LINKS };
  return { urls };
}
