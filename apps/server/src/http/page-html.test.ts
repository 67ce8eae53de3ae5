import { describe, expect, it } from 'vitest';
import { withPageTags } from './page-html';

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
