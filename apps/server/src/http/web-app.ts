import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { detectInAppBrowser } from '@sweetwish/shared/in-app-browser';
import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logger';
import { assetsFromMemory } from './assets-from-memory';
import { pageHtml, type Screen, type ServerDrawing, screenOf, withPageTags, withTitle } from './page-html';
import { setResponseHeaders } from './response-headers';
import { type ServerScreen, serverPages } from './server-pages';
import { sessionKeyOf } from './session';

/**
 * What a shared link previews as (Open Graph and Twitter cards), or where an old address now lives. A
 * wish's meta carries the page it was read from (`page`, its API answer, and a group gift's progress as a
 * visitor sees it), which the server renders the page with: one read of the wish for both.
 */
export type PageMeta =
  | { kind: 'meta'; title: string; description: string; image: string | null; path: string; page?: string }
  | { kind: 'redirect'; location: string };

const ONE_YEAR = 'public, max-age=31536000, immutable';

function cacheControl(value: string) {
  return createMiddleware(async (c, next) => {
    await next();
    if (c.res.status === 200) setResponseHeaders(c, { 'Cache-Control': value });
  });
}

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other page path gets index.html so the client router can take it (history fallback).
 */
export function webApp(
  distDir: string,
  options: {
    publicOrigin: string;
    pageMeta: (path: string) => Promise<PageMeta | undefined>;
    /**
     * The JSON a page is rendered with on the server (for /{handle}, its API call's answer). A wish's page
     * comes with its meta, read once for both.
     */
    pageData?: (screen: Exclude<ServerScreen, 'wish'>, c: Context) => Promise<string | undefined>;
    logger?: Logger;
    /** Counts a visit to a page whose visits count (modules/insights, decision 122); never awaited. */
    countVisit?: (path: string, headers: Headers) => void;
  },
) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built yet: run `npm run build`.', 503));
    return app;
  }
  const htmlFor = pageHtml(distDir);
  const rendering = options.pageData && serverPages(distDir, { logger: options.logger });

  /**
   * The server's rendering of a page (decision 052). A creator's or wish's page, the sign-in screen and the
   * landing page are drawn whole for a visitor without a session: what a signed-in user sees depends on who
   * they are, and the app renders that. Every other page (but the stream overlay, transparent in OBS) gets
   * the screen placeholder: the top bar and a spinner until the app has loaded the screen.
   */
  const serverDrawing = async (
    c: Context,
    screen: Screen | undefined,
    meta?: PageMeta,
  ): Promise<ServerDrawing | undefined> => {
    if (!rendering || c.req.path.startsWith('/overlay/') || c.req.path.startsWith('/overlay-control/'))
      return undefined;
    const page = await wholePage(c, screen, meta);
    if (page) return { page, isScreenDrawn: true };
    const placeholder = await rendering.placeholder();
    return placeholder && { page: placeholder, isScreenDrawn: false };
  };
  /** An in-app browser's sign-in is left to the app, which sends it to /unsafe (product.md section 2). */
  const wholePage = async (c: Context, screen: Screen | undefined, meta?: PageMeta) => {
    if (!rendering || !options.pageData || sessionKeyOf(c.req.raw.headers) !== undefined) return undefined;
    if (screen === undefined) return undefined;
    if (screen === 'profile' && c.req.path.split('/').filter(Boolean).length !== 1) return undefined;
    if (screen === 'signIn' && detectInAppBrowser(c.req.header('User-Agent') ?? '')) return undefined;
    // Back from Google or Apple with an error: the app says so as the page loads.
    if (screen === 'signIn' && c.req.query('error') !== undefined) return undefined;
    const json =
      screen === 'wish' ? (meta?.kind === 'meta' ? meta.page : undefined) : await options.pageData(screen, c);
    if (json === undefined) return undefined;
    // The sign-in screen shows the method its address asks for; any other query string changes nothing drawn.
    const url = screen === 'signIn' && c.req.query('method') === 'email' ? `${c.req.path}?method=email` : c.req.path;
    return rendering.page(url, screen, json);
  };
  /** The page with its screen's title from the route table, for the screens that do not name themselves. */
  const titled = async (html: string, pagePath: string) => {
    const title = await rendering?.screenTitle(pagePath).catch(() => undefined);
    return title === undefined ? html : withTitle(html, `${title} · ${PRODUCT_NAME}`);
  };

  app.use(
    '/assets/*',
    cacheControl(ONE_YEAR),
    assetsFromMemory(path.join(distDir, 'assets')),
    serveStatic({ root: distDir, precompressed: true }),
  );
  // A missing hashed file is a real 404: answering index.html would make a stale chunk "load" as HTML.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', cacheControl('no-cache'));
  app.get('/', async (c) => {
    const html = htmlFor('landing', '/', await serverDrawing(c, 'landing'));
    c.header('Vary', 'Cookie');
    return c.html(html);
  });
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    const meta = await options.pageMeta(c.req.path);
    if (meta?.kind === 'redirect') return c.redirect(meta.location, 301);
    if (meta || c.req.path.startsWith('/join/')) options.countVisit?.(c.req.path, c.req.raw.headers);
    const screen = screenOf(c.req.path, meta !== undefined);
    const html = htmlFor(screen, c.req.path, await serverDrawing(c, screen, meta));
    // The page differs for a visitor with a session (and, at sign-in, one who accepted the terms, or uses an
    // in-app browser): a shared cache must not give one's page to the other.
    c.header('Vary', screen === 'signIn' ? 'Cookie, User-Agent' : 'Cookie');
    if (!meta) return c.html(await titled(html, c.req.path));
    const absolute = (path: string) => new URL(path, options.publicOrigin).toString();
    return c.html(
      withPageTags(html, { ...meta, url: absolute(meta.path), image: meta.image ? absolute(meta.image) : null }),
    );
  });
  return app;
}
