// The bench's JavaScript figures: what the landing, profile and wish pages load first.

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { runLighthouse } from './lighthouse.mjs';
import { createBenchCreator } from './profile-page.mjs';
import { measureRoundTrips } from './round-trips.mjs';
import { CHROME_PATH, KB, round, WEB_DIST } from './server.mjs';

// ---------------------------------------------------------------------------------------------------------
// 3. Initial JavaScript of the landing page and of a public profile page

/** The scripts index.html asks for before any code runs: the entry module and its modulepreloads. */
export function staticScripts() {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const found = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /\btype=["']module["']/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel=["']modulepreload["']/.test(tag);
    const ref = tag.match(/\b(?:src|href)=["']([^"']+)["']/)?.[1];
    if ((isModule || isPreload) && ref) found.add(new URL(ref, 'http://x/').pathname);
  }
  return [...found];
}

/**
 * Every script the page requested during a Lighthouse load (which waits for the network and CPU to go
 * quiet), so the route chunks the page's route lazy-loads are counted, not only what index.html names.
 */
export function requestedScripts(lhr) {
  const items = lhr.audits['network-requests']?.details?.items;
  if (!items) throw new Error('Lighthouse report has no network-requests audit');
  const paths = items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => new URL(item.url).pathname)
    .filter((pathname) => pathname.startsWith('/assets/'));
  return [...new Set(paths)];
}

/** gzip -9 of the file on disk: what a compressing server or CDN would send, independent of this server. */
export function gzipSize(urlPath) {
  const file = path.join(WEB_DIST, decodeURIComponent(urlPath));
  if (!file.startsWith(WEB_DIST + path.sep) || !fs.existsSync(file)) {
    throw new Error(`requested script ${urlPath} is not in apps/web/dist`);
  }
  const content = fs.readFileSync(file);
  return { file: urlPath, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
}

/** The scripts a page loaded (from its Lighthouse run), each with its gzip -9 size, and their total. */
export function measurePageJs(lhr) {
  const files = requestedScripts(lhr).map(gzipSize);
  const fromHtml = staticScripts();
  const missing = fromHtml.filter((p) => !files.some((f) => f.file === p));
  if (missing.length) {
    console.warn(`Warning: index.html names scripts ${lhr.finalDisplayedUrl} did not load: ${missing.join(', ')}`);
  }
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const htmlTotal = files.filter((f) => fromHtml.includes(f.file)).reduce((sum, f) => sum + f.gzipBytes, 0);
  return {
    count: files.length,
    totalGzipKB: round(total / KB, 1),
    fromIndexHtml: { count: fromHtml.length, gzipKB: round(htmlTotal / KB, 1) },
    files,
  };
}

/**
 * The initial JavaScript of a public profile page as a first-time visitor gets it: a creator with a
 * handle and a few wishes is made first (the server must run with `previewEnv()`), then /{handle} is
 * loaded in a fresh Chrome. The profile must really have been shown, else the figure would be another page's.
 */
export async function measureProfileJs(server, env) {
  const handle = await createBenchCreator({ url: server.url, origin: server.publicOrigin, env });
  const pageUrl = `${server.url}/${handle}`;
  const lhr = await runLighthouse(pageUrl, { jsOnly: true });
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const apiCalls = requests.filter((item) => new URL(item.url).pathname.startsWith('/api/'));
  const profileCall = apiCalls.find((item) => new URL(item.url).pathname === `/api/users/${handle}/page`);
  const { profile } = await fetch(`${server.url}/api/users/${handle}/page`).then((res) => res.json());
  if (profileCall?.statusCode !== 200 && !(await isServerRendered(pageUrl, profile.displayName))) {
    throw new Error(`${pageUrl} did not load its profile (GET /api/users/${handle}/page: ${profileCall?.statusCode})`);
  }
  if (new URL(lhr.finalDisplayedUrl).pathname !== `/${handle}`) {
    throw new Error(`${pageUrl} ended at ${lhr.finalDisplayedUrl}`);
  }
  // The content's round trips: none when the server rendered the page; else the page's one call, beside the
  // session's (/api/me), which runs in parallel.
  const roundTrips = await measureRoundTrips({ url: server.url, handle, chromePath: CHROME_PATH });
  return {
    path: `/${handle}`,
    apiCalls: apiCalls.map((item) => new URL(item.url).pathname),
    roundTrips,
    ...measurePageJs(lhr),
    onInteraction: await interactionJs(pageUrl),
  };
}

/**
 * The files a page drawn whole fetches on the visitor's first interaction rather than when idle (the boot
 * script's `data-interaction-files`, decision 081), each with its gzip -9 size, and their total: no part of
 * the initial figure, shown beside it.
 */
export async function interactionJs(pageUrl) {
  const html = await fetch(pageUrl).then((res) => res.text());
  const listed =
    html
      .match(/data-interaction-files="([^"]*)"/)?.[1]
      ?.split(' ')
      .filter(Boolean) ?? [];
  const files = listed.map(gzipSize);
  return { gzipKB: round(files.reduce((sum, f) => sum + f.gzipBytes, 0) / KB, 1), files };
}

/**
 * Whether the server rendered the page at `pageUrl` with `text` in it for a visitor without a session
 * (decision 042): its data is in the page, and the app asks the API for nothing.
 */
export async function isServerRendered(pageUrl, text) {
  const html = await fetch(pageUrl).then((res) => res.text());
  return html.includes('id="server-state"') && html.includes(text);
}

/**
 * The initial JavaScript of a public wish page (/x/{id}), the other page a creator shares, for a first-time
 * visitor: one of the bench creator's wishes (measureProfileJs made them), which must really have been shown.
 */
export async function measureWishJs(server, handle) {
  const page = await fetch(`${server.url}/api/users/${handle}/page`).then((res) => res.json());
  const wish = page.wishes.find((w) => !w.archived) ?? page.wishes[0];
  const pageUrl = `${server.url}/x/${wish.id}`;
  const lhr = await runLighthouse(pageUrl, { jsOnly: true });
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const wishCall = requests.find((item) => new URL(item.url).pathname === `/api/wishes/${wish.id}`);
  if (wishCall?.statusCode !== 200 && !(await isServerRendered(pageUrl, wish.name))) {
    throw new Error(`${pageUrl} did not load its wish (GET /api/wishes/${wish.id}: ${wishCall?.statusCode})`);
  }
  return { path: '/x/{id}', ...measurePageJs(lhr), onInteraction: await interactionJs(pageUrl) };
}
