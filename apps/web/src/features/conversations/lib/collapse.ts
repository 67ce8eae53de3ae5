/**
 * Long text messages collapse with "read more" and expand with "show less" (product.md section 2). A text is long
 * past 300 characters or 6 lines; collapsed, it shows up to there, cut at a word where one is near.
 */
export const COLLAPSE_MAX_CHARS = 300;
export const COLLAPSE_MAX_LINES = 6;

export function isLongText(text: string): boolean {
  return text.length > COLLAPSE_MAX_CHARS || text.split('\n').length > COLLAPSE_MAX_LINES;
}

/** The collapsed text (with "…"), or the whole text when it is not long. */
export function collapsedText(text: string): string {
  if (!isLongText(text)) return text;
  let cut = text.split('\n').slice(0, COLLAPSE_MAX_LINES).join('\n').slice(0, COLLAPSE_MAX_CHARS);
  // Back to the last space, unless that loses more than a fifth of what is shown (one very long word).
  const space = cut.lastIndexOf(' ');
  if (space > cut.length * 0.8) cut = cut.slice(0, space);
  return `${cut.trimEnd()}…`;
}
