import { describe, expect, it } from 'vitest';
import { createWishSearch, normaliseForSearch } from './wish-search';

const wishes = [{ name: 'Pink Guitar' }, { name: 'Vintage Telescope' }, { name: "Tea-Set (Grandma's)" }];

describe('the wishlist search', () => {
  it('compares letters and digits only, in lower case', () => {
    expect(normaliseForSearch("Tea-Set (Grandma's)")).toBe('teasetgrandmas');
    expect(normaliseForSearch('  PS5 — Pro!  ')).toBe('ps5pro');
    expect(normaliseForSearch('Café Crème')).toBe('cafécrème');
    expect(normaliseForSearch('!!! ---')).toBe('');
  });

  it('keeps the whole list, in its order, for an empty term or one of symbols only', () => {
    const search = createWishSearch(wishes);
    expect(search('')).toEqual(wishes);
    expect(search(' -!? ')).toEqual(wishes);
  });

  it('ignores case and symbols in the term and in the names', () => {
    const search = createWishSearch(wishes);
    expect(search('TEA SET')[0]?.name).toBe("Tea-Set (Grandma's)");
    expect(search('teaset grandma')[0]?.name).toBe("Tea-Set (Grandma's)");
    expect(search('pink-guitar!')[0]?.name).toBe('Pink Guitar');
  });

  it('matches anywhere in the name and forgives typos', () => {
    const search = createWishSearch(wishes);
    const names = search('telescope').map((w) => w.name);
    expect(names[0]).toBe('Vintage Telescope');
    expect(names).not.toContain('Pink Guitar');
    expect(search('telscope')[0]?.name).toBe('Vintage Telescope');
    expect(search('guitra')[0]?.name).toBe('Pink Guitar');
  });

  it('finds nothing for a term far from every name', () => {
    expect(createWishSearch(wishes)('xyzzyqwv')).toEqual([]);
  });
});
