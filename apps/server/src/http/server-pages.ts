import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../logger';

/** A page the web app's server entry rendered (apps/web/src/entry-server.tsx). */
export type RenderedPage = { html: string; styles: string; state: unknown };
/** The screens the server renders whole: a creator's and a wish's page, sign-in and landing (decision 052). */
export type ServerScreen = 'profile' | 'wish' | 'signIn' | 'landing';
export type PublicPageData = { kind: ServerScreen; page: unknown };
export type RenderPublicPage = (url: string, data: PublicPageData) => Promise<RenderedPage | undefined>;

/** What the web app's server entry exports. */
export type ServerEntry = {
  renderPublicPage: RenderPublicPage;
  /** The top bar and placeholder every other page shows until the app has loaded its screen. */
  renderScreenPlaceholder: () => Promise<RenderedPage>;
  /** The title the route table gives the screen at a path, or undefined for a screen that names itself. */
  screenTitle: (pathname: string) => string | undefined;
};

export type ServerPages = {
  /** The page at `url` rendered whole with `json`, or undefined (the render budget is spent, or it failed). */
  page: (url: string, kind: ServerScreen, json: string) => Promise<RenderedPage | undefined>;
  /** The screen placeholder, rendered once. */
  placeholder: () => Promise<RenderedPage | undefined>;
  screenTitle: (pathname: string) => Promise<string | undefined>;
};

/** How many rendered pages an instance keeps: one per page path and the data it was rendered with. */
const MAX_PAGES = 500;
/**
 * Rendering time an instance may spend in each window of RENDER_WINDOW_MS: a quarter of it. A page costs
 * 20-100 ms to render, and any visitor can ask for any creator's page: past the budget a page goes out with
 * the screen placeholder, which the app fills in the browser, so a flood of page requests cannot take the
 * instance's time. The window is long enough for a burst of new pages (a creator's link shared in a busy moment).
 */
const RENDER_WINDOW_MS = 10_000;
const RENDER_BUDGET_MS = 2_500;

/**
 * The server's rendering of pages (decision 052), or undefined when the web app's server entry is not built
 * (then every page is the app's index.html and the app renders it in the browser). A page is rendered again
 * only when its data changed: the cache is keyed by path and the JSON it was rendered from (the sign-in
 * screen has two, with the terms dialog and without; the landing page too, a first visit or not).
 */
export function serverPages(
  distDir: string,
  options: { logger?: Pick<Logger, 'error'>; now?: () => number; entry?: ServerEntry } = {},
): ServerPages | undefined {
  const entryFile = path.join(path.dirname(distDir), 'dist-server', 'entry-server.js');
  if (!options.entry && !fs.existsSync(entryFile)) return undefined;
  const now = options.now ?? performance.now.bind(performance);
  let entry: Promise<ServerEntry> | undefined = options.entry && Promise.resolve(options.entry);
  const loadEntry = () => {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<ServerEntry>;
    return entry;
  };
  const pages = new Map<string, RenderedPage>();
  let windowStart = 0;
  let spentMs = 0;

  const page: ServerPages['page'] = async (url, kind, json) => {
    const key = `${url}\n${json}`;
    const hit = pages.get(key);
    if (hit) {
      pages.delete(key);
      pages.set(key, hit);
      return hit;
    }
    if (now() - windowStart >= RENDER_WINDOW_MS) {
      windowStart = now();
      spentMs = 0;
    }
    if (spentMs >= RENDER_BUDGET_MS) return undefined;
    const data = { kind, page: JSON.parse(json) };
    const startedAt = now();
    let rendered: RenderedPage | undefined;
    try {
      rendered = await (await loadEntry()).renderPublicPage(url, data);
    } catch (err) {
      // The page goes out with the placeholder and the app renders it; a render that fails is a defect to hear of.
      options.logger?.error({ err, url }, 'server rendering failed');
      return undefined;
    } finally {
      spentMs += now() - startedAt;
    }
    if (!rendered) return undefined;
    pages.set(key, rendered);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
    return rendered;
  };

  let placeholder: Promise<RenderedPage | undefined> | undefined;
  return {
    page,
    placeholder: () => {
      placeholder ??= loadEntry()
        .then((m) => m.renderScreenPlaceholder())
        .catch((err: unknown) => {
          options.logger?.error({ err }, 'server rendering of the screen placeholder failed');
          return undefined;
        });
      return placeholder;
    },
    screenTitle: async (pathname) => (await loadEntry()).screenTitle(pathname),
  };
}
