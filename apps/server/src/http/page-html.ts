import fs from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * Pages whose screen code the browser should fetch together with the app's entry, instead of after it
 * has run: the keys are page paths, the values the screen's source file as Vite's manifest names it.
 */
const SCREEN_BY_PAGE: Record<string, string> = {
  '/': 'src/features/marketing/routes/landing.tsx',
};

/** Every JavaScript file a manifest chunk needs, itself first. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/**
 * The app's index.html for a page path: for the pages above, with <link rel="modulepreload"> for the
 * screen's chunks, which saves a round trip on the first paint.
 */
export function pageHtml(distDir: string) {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const alreadyLinked = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));

  const htmlByPage = new Map<string, string>();
  for (const [page, screen] of Object.entries(SCREEN_BY_PAGE)) {
    const links = [...new Set(chunkFiles(manifest, screen))]
      .filter((file) => !alreadyLinked.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    htmlByPage.set(page, replaceLiterally(indexHtml, '</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return (page: string) => htmlByPage.get(page) ?? indexHtml;
}

export type PageTags = { title: string; description: string; image: string | null; url: string };

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One line: a bio's line breaks (and any run of spaces) become one space, as a preview shows them. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The page with its own title, description and Open Graph and Twitter card tags, so a shared link
 * previews as the creator or the wish. Every value is escaped: names and descriptions are user text.
 */
export function withPageTags(html: string, tags: PageTags): string {
  const title = escapeAttribute(oneLine(tags.title));
  const description = escapeAttribute(oneLine(tags.description));
  const meta = [
    ['og:type', 'website'],
    ['og:title', oneLine(tags.title)],
    ['og:description', oneLine(tags.description)],
    ['og:url', tags.url],
    ...(tags.image ? [['og:image', tags.image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content ?? '')}" />`)
    .concat([
      `<meta name="twitter:card" content="${tags.image ? 'summary_large_image' : 'summary'}" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
      ...(tags.image ? [`<meta name="twitter:image" content="${escapeAttribute(tags.image)}" />`] : []),
    ]);
  let page = replaceLiterally(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  page = replaceLiterally(
    page,
    /<meta name="description"[^>]*>/,
    `<meta name="description" content="${description}" />`,
  );
  return replaceLiterally(page, '</head>', `    ${meta.join('\n    ')}\n  </head>`);
}

/**
 * The first match replaced by `text` as it is. A replacement string given to String.prototype.replace is a
 * pattern ($' inserts the rest of the page, $` all before the match), and these texts hold user input.
 */
function replaceLiterally(html: string, pattern: string | RegExp, text: string): string {
  return html.replace(pattern, () => text);
}
