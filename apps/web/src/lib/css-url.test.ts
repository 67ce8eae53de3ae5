import { describe, expect, it } from 'vitest';
import { cssUrl } from './css-url';

describe('cssUrl', () => {
  it('keeps an ordinary address as it is', () => {
    expect(cssUrl('/media/images/users/u1/a.jpg')).toBe('url("/media/images/users/u1/a.jpg")');
  });

  it('escapes what could end the string, so no rule can follow it', () => {
    const css = cssUrl('/x.jpg"); } body { display: none } .y { b: url("\\\n');
    expect(css).toBe('url("/x.jpg\\22 ); } body { display: none } .y { b: url(\\22 \\5c \\a ")');
    // Parsed by a real CSS parser, the whole value stays one url() and the page gains no rule.
    const style = document.createElement('style');
    style.textContent = `.banner { background-image: ${css}; }`;
    document.head.append(style);
    expect(style.sheet?.cssRules).toHaveLength(1);
    style.remove();
  });
});
