import { describe, expect, it } from 'vitest';
import { requiredTrigrams } from './search-trigrams';

describe('requiredTrigrams', () => {
  it('lists the inner trigrams of each word, padded only where the term shows a word boundary', () => {
    expect(requiredTrigrams('rry hea zz').sort()).toEqual(
      ['  h', '  z', ' he', ' zz', 'ea ', 'hea', 'rry', 'ry '].sort(),
    );
  });

  it('treats the underscore as a boundary, as pg_trgm does, and lowercases', () => {
    expect(requiredTrigrams('Creator_X7kq')).toEqual([
      'cre',
      'rea',
      'eat',
      'ato',
      'tor',
      'or ',
      '  x',
      ' x7',
      'x7k',
      '7kq',
    ]);
  });

  it('asks for nothing it cannot be sure of: short terms, term ends, non-ASCII neighbours', () => {
    expect(requiredTrigrams('ab')).toEqual([]);
    expect(requiredTrigrams('swe')).toEqual(['swe']);
    expect(requiredTrigrams('ünï abc')).toEqual(['  a', ' ab', 'abc']);
    expect(requiredTrigrams('abcé')).toEqual(['abc']);
    expect(requiredTrigrams('%%%')).toEqual([]);
  });
});
