import { describe, expect, it } from 'vitest';
import { COLLAPSE_MAX_CHARS, collapsedText, isLongText } from './collapse';

describe('collapsing long text', () => {
  it('leaves short text whole', () => {
    const text = 'a'.repeat(COLLAPSE_MAX_CHARS);
    expect(isLongText(text)).toBe(false);
    expect(collapsedText(text)).toBe(text);
    expect(isLongText('one\ntwo\nthree\nfour\nfive\nsix')).toBe(false);
  });

  it('collapses past 300 characters, at a word', () => {
    const text = 'word '.repeat(100).trim();
    expect(isLongText(text)).toBe(true);
    const short = collapsedText(text);
    expect(short.length).toBeLessThanOrEqual(COLLAPSE_MAX_CHARS + 1);
    expect(short).toMatch(/word…$/);
    expect(text.startsWith(short.slice(0, -1))).toBe(true);
  });

  it('cuts one very long word where the limit falls', () => {
    const short = collapsedText('x'.repeat(1000));
    expect(short).toBe(`${'x'.repeat(COLLAPSE_MAX_CHARS)}…`);
  });

  it('collapses past 6 lines even when short', () => {
    const text = 'one\ntwo\nthree\nfour\nfive\nsix\nseven';
    expect(isLongText(text)).toBe(true);
    expect(collapsedText(text)).toBe('one\ntwo\nthree\nfour\nfive\nsix…');
  });
});
