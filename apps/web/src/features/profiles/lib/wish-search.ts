import type { Wish } from '@sweetwish/shared/wishes';
import Fuse from 'fuse.js';

/** How loose the wishlist search is (product.md section 9): 0 is an exact match, 1 matches anything. */
export const WISHLIST_SEARCH_THRESHOLD = 0.6;

/** What the search compares: letters and digits only, lower case, so case and symbols are ignored (product.md section 5). */
export function normaliseForSearch(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * A fuzzy search over wish names (product.md section 5, Wishlist search). An empty term (or one of symbols
 * only) keeps the whole list in its order; otherwise the best matches come first.
 */
export function createWishSearch<T extends Pick<Wish, 'name'>>(wishes: readonly T[]): (term: string) => T[] {
  const fuse = new Fuse(wishes, {
    keys: ['name'],
    threshold: WISHLIST_SEARCH_THRESHOLD,
    ignoreLocation: true,
    getFn: (wish) => normaliseForSearch(wish.name),
  });
  return (term) => {
    const pattern = normaliseForSearch(term);
    if (pattern === '') return [...wishes];
    return fuse.search(pattern).map((result) => result.item);
  };
}
