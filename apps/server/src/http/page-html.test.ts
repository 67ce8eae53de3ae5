import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPreloads, SCREENS, screenOf, withPageTags } from './page-html';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Your Sweetest Wishlist" />
    <title>Sweetwish</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const count = (html: string, text: string) => html.split(text).length - 1;

describe('withPageTags', () => {
  // Each of String.prototype.replace's special patterns, as a creator could type them into a name or bio.
  const patterns = ["$'", '$`', '$&', '$$', '$1', '$<name>'];

  it.each(patterns)('inserts %s in a title and description literally', (pattern) => {
    const text = `Cake ${pattern} & "tea" <b>`;
    const html = withPageTags(INDEX_HTML, { title: text, description: text, image: null, url: 'http://x/a' });
    expect(count(html, '<title>')).toBe(1);
    expect(count(html, '</head>')).toBe(1);
    expect(count(html, '<meta name="description"')).toBe(1);
    const escaped = `Cake ${pattern.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')} &amp; &quot;tea&quot; &lt;b&gt;`;
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta name="description" content="${escaped}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<meta name="twitter:description" content="${escaped}" />`);
    expect(html.endsWith('</html>\n')).toBe(true);
  });

  it('folds line breaks and tabs of a bio into single spaces', () => {
    const text = 'Cakes\n\nand\ttea ';
    const html = withPageTags(INDEX_HTML, { title: text, description: text, image: null, url: 'http://x/a' });
    expect(html).toContain('<title>Cakes and tea</title>');
    expect(html).toContain('<meta name="description" content="Cakes and tea" />');
    expect(html).toContain('<meta property="og:description" content="Cakes and tea" />');
  });
});

describe('screenOf', () => {
  it('names the screen of the pages people land on', () => {
    expect(screenOf('/', false)).toBe('landing');
    for (const page of ['/sign-in', '/sign-up', '/join', '/sign-in/', '/join/friend42']) {
      expect(screenOf(page, false)).toBe('signIn');
    }
    expect(screenOf('/x/6f1c', true)).toBe('wish');
    expect(screenOf('/bella', true)).toBe('profile');
    expect(screenOf('/bella/tip', true)).toBe('profile');
  });

  it('names none for a wish or creator the server did not find, nor for other pages', () => {
    expect(screenOf('/x/6f1c', false)).toBeUndefined();
    expect(screenOf('/nobody', false)).toBeUndefined();
    for (const page of ['/why', '/sign-in/a/b', '/sign-inx', '/home']) expect(screenOf(page, false)).toBeUndefined();
  });
});

describe('SCREENS', () => {
  // A moved or renamed screen file would leave its page without preloads, silently.
  it('names source files of the web app', () => {
    const webRoot = path.resolve(import.meta.dirname, '../../../web');
    for (const source of Object.values(SCREENS).flat()) {
      expect(fs.existsSync(path.join(webRoot, source)), source).toBe(true);
    }
  });
});

describe('dataPreloads', () => {
  it("names the API answers each screen's loader waits for, as the web app asks for them", () => {
    expect(dataPreloads('signIn', '/join/friend42')).toEqual(['/api/me', '/api/public-config']);
    expect(dataPreloads('profile', '/bella/tip')).toEqual(['/api/me', '/api/users/bella/page']);
    expect(dataPreloads('wish', '/x/6f1c')).toEqual(['/api/me', '/api/wishes/6f1c']);
    // The router decodes the segment and the API client encodes it again with encodeURIComponent.
    expect(dataPreloads('profile', '/b%65lla')).toEqual(['/api/me', '/api/users/bella/page']);
    expect(dataPreloads('profile', "/it's")).toEqual(['/api/me', "/api/users/it's/page"]);
    expect(dataPreloads('landing', '/')).toEqual([]);
    expect(dataPreloads(undefined, '/why')).toEqual([]);
  });
});
