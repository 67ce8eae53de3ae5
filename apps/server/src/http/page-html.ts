import fs from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The screens whose code the browser should fetch together with the app's entry, instead of after the entry
 * has run and the router has matched the address (a round trip and the entry's run time later): the pages
 * people land on from outside. The values are the screen's source files as Vite's manifest names them; an
 * app screen needs the app shell (the query cache around every app screen) too.
 */
export const SCREENS = {
  landing: ['src/features/marketing/routes/landing.tsx'],
  signIn: ['src/app/app-shell.tsx', 'src/features/auth/routes/sign-in.tsx'],
  profile: ['src/app/app-shell.tsx', 'src/features/profiles/routes/public-profile.tsx'],
  wish: ['src/app/app-shell.tsx', 'src/features/wishes-public/routes/wish-page.tsx'],
} satisfies Record<string, string[]>;

export type Screen = keyof typeof SCREENS;

/** The sign-in screen's addresses (the web app's routes): /sign-in, /sign-up and /join, each with an optional affiliate code. */
const SIGN_IN_PAGE = /^\/(?:sign-in|sign-up|join)(?:\/[^/]+)?\/?$/;

/**
 * The screen of a page path whose code is worth preloading. /x/{id} and /{handle} count only when the
 * server found the wish or the creator (`hasMeta`): any other single segment is a missing page.
 */
export function screenOf(pagePath: string, hasMeta: boolean): Screen | undefined {
  if (pagePath === '/') return 'landing';
  if (SIGN_IN_PAGE.test(pagePath)) return 'signIn';
  if (!hasMeta) return undefined;
  return pagePath.startsWith('/x/') ? 'wish' : 'profile';
}

/** Every JavaScript file a manifest chunk needs, itself first. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/**
 * The app's index.html for a screen: with <link rel="modulepreload"> for the screen's chunks, so they
 * download beside the entry; without a screen, index.html as built.
 */
export function pageHtml(distDir: string) {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const alreadyLinked = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));

  const htmlByScreen = new Map<Screen, string>();
  for (const [screen, sources] of Object.entries(SCREENS) as [Screen, string[]][]) {
    const seen = new Set<string>();
    const links = [...new Set(sources.flatMap((source) => chunkFiles(manifest, source, seen)))]
      .filter((file) => !alreadyLinked.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    htmlByScreen.set(screen, replaceLiterally(indexHtml, '</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return (screen: Screen | undefined) => (screen ? (htmlByScreen.get(screen) ?? indexHtml) : indexHtml);
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
