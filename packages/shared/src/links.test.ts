import { describe, expect, it } from 'vitest';
import { normalizeLink, normalizeLinks } from './links';

describe('profile links', () => {
  it.each([
    ['instagram.com/sweet', 'https://instagram.com/sweet'],
    ['  https://example.com/a?b=c  ', 'https://example.com/a?b=c'],
    ['http://example.com', 'http://example.com/'],
    ['example.com:8080/shop', 'https://example.com:8080/shop'],
  ])('save %j as %j', (typed, url) => {
    expect(normalizeLink(typed)).toEqual({ url });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    'mailto:me@example.com',
    'vbscript:msgbox',
  ])('refuse %j', (typed) => {
    expect(normalizeLink(typed)).toEqual({ error: 'Only http and https links are allowed' });
  });

  it('refuse what is not an address', () => {
    expect(normalizeLink('not a link')).toEqual({ error: 'Enter a valid web address' });
  });

  it('drop empty entries and report the first bad one', () => {
    expect(normalizeLinks(['', 'a.com', '   ', 'b.org'])).toEqual({ urls: ['https://a.com/', 'https://b.org/'] });
    expect(normalizeLinks(['a.com', 'javascript:x'])).toEqual({
      error: 'Only http and https links are allowed',
      index: 1,
    });
  });
});
