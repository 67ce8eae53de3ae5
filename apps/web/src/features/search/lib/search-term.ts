import { SEARCH_MIN_LENGTH } from '@sweetwish/shared/profiles';

/** The pause after the last keystroke before searching (product.md section 9). */
export const SEARCH_DEBOUNCE_MS = 1000;

/** Whether a settled term is searched: 3+ characters and not the term searched last (product.md section 4). */
export function shouldSearch(term: string, lastSearched: string | null): boolean {
  const trimmed = term.trim();
  return trimmed.length >= SEARCH_MIN_LENGTH && trimmed !== lastSearched;
}
