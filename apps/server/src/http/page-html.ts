import fs from 'node:fs';
import path from 'node:path';
import { WALL_FIRST_PAGE_SIZE } from '@sweetwish/shared/gift-message-rules';
import type { RenderedPage } from './server-pages';

type ManifestChunk = { file: string; name?: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The screens whose code the browser should fetch together with the app's entry, instead of after the entry
 * has run and the router has matched the address (a round trip and the entry's run time later): the pages
 * people land on from outside. The values are the screen's source files as Vite's manifest names them; an
 * app screen needs the app shell (the query cache around every app screen) too.
 */
export const SCREENS = {
  landing: ['src/features/marketing/routes/landing.tsx'],
  signIn: ['src/app/app-shell.tsx', 'src/features/accounts/routes/sign-in.tsx'],
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

/**
 * The API answers the screen's route loader waits for before it renders (the web app's decision 025: the
 * signed-in user and the screen's data), preloaded with the page so that they arrive beside its code
 * instead of after it has run. The addresses are the ones the web app asks for, byte for byte (path
 * parameters encoded with encodeURIComponent), or the browser would fetch them twice.
 */
export function dataPreloads(screen: Screen | undefined, pagePath: string): string[] {
  // The router's parameter is the segment decoded; the server found the creator or wish under it.
  const segment = (index: number) => encodeURIComponent(decodeURIComponent(pagePath.split('/')[index] ?? ''));
  switch (screen) {
    case 'signIn':
      return ['/api/me', '/api/public-config'];
    case 'profile':
      // The supporters wall's first page, as features/profiles/api/wall-calls.ts asks for it (decision 101).
      return [
        '/api/me',
        `/api/users/${segment(1)}/page`,
        `/api/users/${segment(1)}/wall?limit=${WALL_FIRST_PAGE_SIZE}`,
      ];
    case 'wish':
      return ['/api/me', `/api/wishes/${segment(2)}`];
    default:
      return [];
  }
}

/**
 * The web app's files (its build's chunk names) that a page drawn whole fetches on the visitor's first
 * interaction rather than when idle (decision 081): the query library, which the app needs to run and the
 * page does not need to be seen. It arrives while the entry runs, before hydration needs it.
 */
const ON_INTERACTION = new Set(['query']);

/** Every JavaScript file a manifest chunk needs, itself first. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => chunkFiles(manifest, k, seen))];
}

/** What the server drew of a page: its screen whole, or the screen placeholder the app fills in (decision 052). */
export type ServerDrawing = { page: RenderedPage; isScreenDrawn: boolean };

/**
 * The app's index.html for a screen: with <link rel="modulepreload"> for its chunks, so they download beside
 * the entry, and what the server drew in #root. A screen the server did not draw whole also gets
 * <link rel="preload"> for the API answers its loader waits for; without a screen, index.html as built.
 */
export function pageHtml(distDir: string) {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const alreadyLinked = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const onInteraction = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.name !== undefined && ON_INTERACTION.has(chunk.name))
      .map((chunk) => `/${chunk.file}`),
  );

  const htmlByScreen = new Map<Screen, string>();
  for (const [screen, sources] of Object.entries(SCREENS) as [Screen, string[]][]) {
    const seen = new Set<string>();
    const links = [...new Set(sources.flatMap((source) => chunkFiles(manifest, source, seen)))]
      .filter((file) => !alreadyLinked.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    htmlByScreen.set(screen, inHead(indexHtml, links));
  }
  return (screen: Screen | undefined, pagePath: string, drawing?: ServerDrawing) => {
    let html = screen ? (htmlByScreen.get(screen) ?? indexHtml) : indexHtml;
    if (drawing) html = withServerPage(html, drawing, onInteraction);
    if (drawing?.isScreenDrawn) return html;
    const data = dataPreloads(screen, pagePath).map(
      (url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`,
    );
    return data.length ? inHead(html, data) : html;
  };
}

/** The id of the element holding the page's state (apps/web/src/app/server-state.ts). */
const SERVER_STATE_ID = 'server-state';

const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="(\/assets\/[^"]+)"><\/script>/g;
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)">\n?/g;

/**
 * The page with the server's rendering inside #root, its styles, and its state for the app to hydrate it
 * with (decision 052). The state is JSON in a script the browser does not run (the Content-Security-Policy
 * allows no inline script). A screen drawn whole loads the app's files through public/app-boot.js, after the
 * page has loaded (ON_INTERACTION's on the first interaction), and hydrates on the visitor's first
 * interaction; the placeholder loads them at once.
 */
function withServerPage(html: string, drawing: ServerDrawing, onInteraction: Set<string>): string {
  // Inside <script>, `</script>` or `<!--` in user text would end or change it: no `<` is left as it is.
  const state = JSON.stringify(drawing.page.state).replace(/</g, '\\u003c');
  let out = html;
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  // One entry script is what the web app's build makes: with another, the page loads its files as built.
  if (drawing.isScreenDrawn && entries.length === 1) {
    const files = [...entries, ...[...html.matchAll(MODULE_PRELOAD)].map((m) => m[1])];
    const later = files.filter((file) => file !== undefined && onInteraction.has(file));
    const attributes = [
      `data-app-files="${escapeAttribute(files.filter((file) => !later.includes(file)).join(' '))}"`,
      ...(later.length ? [`data-interaction-files="${escapeAttribute(later.join(' '))}"`] : []),
    ];
    out = replaceLiterally(
      out.replace(MODULE_PRELOAD, ''),
      MODULE_SCRIPT,
      `<script type="module" src="/app-boot.js" ${attributes.join(' ')}></script>`,
    );
  }
  out = replaceLiterally(
    out,
    '<div id="root"></div>',
    `<div id="root">${drawing.page.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
  );
  return inHead(out, [drawing.page.styles]);
}

/** The page with its screen's title (the route table's, e.g. "Balance · Sweetwish"). */
export function withTitle(html: string, title: string): string {
  return replaceLiterally(html, /<title>[^<]*<\/title>/, `<title>${escapeAttribute(title)}</title>`);
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
  return inHead(page, meta);
}

/** The page with `tags` at the end of its <head>, one a line. */
function inHead(html: string, tags: string[]): string {
  return replaceLiterally(html, /\n?[ \t]*<\/head>/, `\n${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`);
}

/**
 * The first match replaced by `text` as it is. A replacement string given to String.prototype.replace is a
 * pattern ($' inserts the rest of the page, $` all before the match), and these texts hold user input.
 */
function replaceLiterally(html: string, pattern: string | RegExp, text: string): string {
  return html.replace(pattern, () => text);
}
