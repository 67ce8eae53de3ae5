import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPreloads, pageHtml, SCREENS, screenOf, withPageTags, withTitle } from './page-html';

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
    expect(dataPreloads('profile', '/bella/tip')).toEqual([
      '/api/me',
      '/api/users/bella/page',
      '/api/users/bella/wall?limit=10',
    ]);
    expect(dataPreloads('wish', '/x/6f1c')).toEqual(['/api/me', '/api/wishes/6f1c']);
    // The router decodes the segment and the API client encodes it again with encodeURIComponent.
    expect(dataPreloads('profile', '/b%65lla')).toContain('/api/users/bella/page');
    expect(dataPreloads('profile', "/it's")).toContain("/api/users/it's/page");
    expect(dataPreloads('landing', '/')).toEqual([]);
    expect(dataPreloads(undefined, '/why')).toEqual([]);
  });
});

describe('pageHtml with a page the server rendered', () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-page-html-'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    INDEX_HTML.replace(
      '  </head>',
      '    <script type="module" crossorigin src="/assets/index-E1.js"></script>\n  </head>',
    ),
  );
  fs.writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-E1.js' },
      'src/app/app-shell.tsx': { file: 'assets/app-shell-S1.js', imports: ['index.html', '_query-Q1.js'] },
      '_query-Q1.js': { file: 'assets/query-Q1.js', name: 'query' },
      'src/features/profiles/routes/public-profile.tsx': { file: 'assets/public-profile-P1.js' },
    }),
  );
  const htmlFor = pageHtml(distDir);
  // User text as the server rendered it, and as it sits in the state: a replace() pattern and a script's end.
  const state = { queries: { about: "</script><script>alert(1)</script> <!-- $' $&" } };
  const page = { html: "<h1>Bob $' $&amp;</h1>", styles: '<style data-emotion="css x1">.x1{}</style>', state };
  const drawn = { page, isScreenDrawn: true };

  it('puts the markup in #root, its styles in the head, and its state in a script no text can end', () => {
    const html = htmlFor('profile', '/bob', drawn);
    expect(html).toContain('<div id="root"><h1>Bob $\' $&amp;</h1></div>');
    expect(html.indexOf('<style data-emotion="css x1">')).toBeLessThan(html.indexOf('</head>'));
    const script = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(script?.[1] ?? '')).toEqual(state);
    expect(count(html, '<script')).toBe(2);
  });

  it('runs no app script at load for a screen drawn whole: the boot script lists the entry, then the screen', () => {
    const html = htmlFor('profile', '/bob', drawn);
    // The query library is fetched on the first interaction, not when the page is idle (decision 081).
    expect(html).toContain(
      '<script type="module" src="/app-boot.js" data-app-files="/assets/index-E1.js /assets/app-shell-S1.js /assets/public-profile-P1.js" data-interaction-files="/assets/query-Q1.js"></script>',
    );
    expect(html).not.toContain('crossorigin src=');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('rel="preload"');
  });

  it('loads the app at once under the screen placeholder, with the answers its loader waits for', () => {
    const html = htmlFor('profile', '/bob', { page, isScreenDrawn: false });
    expect(html).toContain('<div id="root"><h1>Bob');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-E1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/public-profile-P1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/query-Q1.js">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/users/bob/page">');
    expect(html).not.toContain('app-boot.js');
  });

  it('loads its files as built when the build has other than one entry script', () => {
    const twoEntries = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-page-html-'));
    const script = (name: string) => `<script type="module" crossorigin src="/assets/${name}.js"></script>`;
    fs.writeFileSync(
      path.join(twoEntries, 'index.html'),
      INDEX_HTML.replace('</head>', `${script('a')}${script('b')}</head>`),
    );
    const html = pageHtml(twoEntries)('profile', '/bob', drawn);
    expect(html).toContain(script('a'));
    expect(html).not.toContain('app-boot.js');
  });
});

describe('withTitle', () => {
  it('names the tab after the screen, its text escaped', () => {
    expect(withTitle(INDEX_HTML, 'Balance · Sweetwish')).toContain('<title>Balance · Sweetwish</title>');
    expect(withTitle(INDEX_HTML, '<b>')).toContain('<title>&lt;b&gt;</title>');
  });
});
