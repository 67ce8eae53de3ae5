/** Characters pg_trgm keeps in a word that this code can lowercase exactly as PostgreSQL does: ASCII only. */
const ASCII_WORD_CHAR = /[A-Za-z0-9]/;
/** Characters that end a pg_trgm word for certain: ASCII that is neither letter nor digit. */
function isAsciiBoundary(char: string) {
  return char.charCodeAt(0) < 0x80 && !ASCII_WORD_CHAR.test(char);
}

/**
 * Trigrams that the search text of every name containing `term` has (as pg_trgm's show_trgm lists them):
 * for each run of ASCII letters and digits in the term, its three-letter pieces, with pg_trgm's word padding
 * ("  " before, " " after) where the term itself shows the word starts or ends, i.e. a punctuation or space
 * character stands there. The ends of the term prove nothing (the name may go on), nor does a non-ASCII
 * character (PostgreSQL may count it as a letter); such trigrams are left out, so the list never asks for one
 * that a matching name could lack.
 */
export function requiredTrigrams(term: string): string[] {
  const found = new Set<string>();
  const chars = [...term];
  let i = 0;
  while (i < chars.length) {
    if (!ASCII_WORD_CHAR.test(chars[i] as string)) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < chars.length && ASCII_WORD_CHAR.test(chars[end] as string)) end += 1;
    const startsWord = i > 0 && isAsciiBoundary(chars[i - 1] as string);
    const endsWord = end < chars.length && isAsciiBoundary(chars[end] as string);
    const word = chars.slice(i, end).join('').toLowerCase();
    const padded = `${startsWord ? '  ' : ''}${word}${endsWord ? ' ' : ''}`;
    for (let k = 0; k + 3 <= padded.length; k++) found.add(padded.slice(k, k + 3));
    i = end;
  }
  return [...found];
}
