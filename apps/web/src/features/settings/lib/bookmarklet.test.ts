import { describe, expect, it } from 'vitest';
import { addWishBookmarklet } from './bookmarklet';

describe('the Add to Sweetwish bookmarklet', () => {
  it('opens Create wish on this site with the page’s address', () => {
    const code = addWishBookmarklet('https://sweetwish.app');
    expect(code.startsWith('javascript:')).toBe(true);
    const opened: { href: string } = { href: 'https://shop.example/p/1?a=b&c=d' };
    new Function('location', decodeURIComponent(code.slice('javascript:'.length)))(opened);
    expect(opened.href).toBe('https://sweetwish.app/create?url=https%3A%2F%2Fshop.example%2Fp%2F1%3Fa%3Db%26c%3Dd');
  });
});
