/** Gift message rules without zod (product.md section "Messages with gifts"; decision 100). */

export const GIFT_MESSAGE_MAX = 200;

export const GIFT_MESSAGE_TEXTS = {
  tooLong: `A message can have at most ${GIFT_MESSAGE_MAX} characters`,
  controlCharacter: 'A message cannot contain line breaks or control characters',
  blocked: 'This creator is not accepting messages from you.',
  label: 'Message (optional)',
} as const;

/**
 * The supporters wall's entries that /{handle} is drawn with (decision 101): the server renders them with the
 * page, and the page's loader asks for as many; "Show more" asks for the next ones.
 */
export const WALL_FIRST_PAGE_SIZE = 10;

/** A message as stored: trimmed text, or null for none (an empty field sends none). */
export function storedGiftMessage(message: string | undefined | null): string | null {
  const text = message?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The blocked words a creator starts with (decision 100): common insults, slurs and sexual words that no
 * stream wants read aloud. The creator edits the list in the overlay settings.
 */
export const DEFAULT_BLOCKED_WORDS: readonly string[] = [
  'asshole',
  'bastard',
  'bitch',
  'cock',
  'cunt',
  'dick',
  'dyke',
  'fag',
  'faggot',
  'fuck',
  'fucker',
  'fucking',
  'kike',
  'kys',
  'motherfucker',
  'nigga',
  'nigger',
  'porn',
  'pussy',
  'rape',
  'retard',
  'shit',
  'slut',
  'spic',
  'tranny',
  'twat',
  'whore',
];

/** At most this many blocked words, each at most this long. */
export const BLOCKED_WORDS_MAX = 500;
export const BLOCKED_WORD_LENGTH_MAX = 50;

// Letters fans swap in to get a word past a filter ("sh1t", "@ss").
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '@': 'a',
  $: 's',
};

/** A text as the blocked words are compared with it: lower case, look-alikes replaced, accents dropped. */
export function foldForMatching(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[01345@$]/g, (c) => LOOK_ALIKES[c] ?? c);
}

/**
 * The first blocked word (or phrase) the message contains as whole words, or null. Words are runs of
 * letters and digits, so "class" never matches "ass".
 */
export function blockedWordIn(message: string, blockedWords: readonly string[]): string | null {
  const words = foldForMatching(message)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const text = ` ${words.join(' ')} `;
  for (const blocked of blockedWords) {
    const folded = foldForMatching(blocked)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .join(' ');
    if (folded !== '' && text.includes(` ${folded} `)) return blocked;
  }
  return null;
}
