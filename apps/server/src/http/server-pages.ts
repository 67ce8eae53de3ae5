import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '../logger';

/** A page the web app's server entry rendered (apps/web/src/entry-server.tsx). */
export type RenderedPage = { html: string; styles: string; state: unknown };
/** The screens the server renders: a creator's and a wish's page (decision 042), sign-in and landing (043). */
export type ServerScreen = 'profile' | 'wish' | 'signIn' | 'landing';
export type PublicPageData = { kind: ServerScreen; page: unknown };
export type RenderPublicPage = (url: string, data: PublicPageData) => Promise<RenderedPage | undefined>;

/** How many rendered pages an instance keeps: one per page path and the data it was rendered with. */
const MAX_PAGES = 500;
/**
 * Rendering time an instance may spend in each window of RENDER_WINDOW_MS: a quarter of it. A page costs
 * 20-100 ms to render, and any visitor can ask for any creator's page: past the budget a page goes out as the
 * app renders it in the browser, as it did before, so a flood of page requests cannot take the instance's
 * time. The window is long enough for a burst of new pages (a creator's link shared in a busy moment).
 */
const RENDER_WINDOW_MS = 10_000;
const RENDER_BUDGET_MS = 2_500;
/**
 * The pages people land on (/{handle} and /x/{id} from a shared link, decision 042; the sign-in screen and
 * the landing page, decision 043) rendered on the server for visitors without a session, or undefined when
 * the web app's server entry is not built (then every page is rendered in the browser). A page is rendered
 * again only when its data changed: the cache is keyed by path and the JSON it was rendered from (the
 * sign-in screen has two, with the terms dialog and without; the landing page too, a first visit or not).
 */
export function serverPages(
  distDir: string,
  options: { logger?: Pick<Logger, 'error'>; now?: () => number; render?: RenderPublicPage } = {},
): ((url: string, kind: PublicPageData['kind'], json: string) => Promise<RenderedPage | undefined>) | undefined {
  const entry = path.join(path.dirname(distDir), 'dist-server', 'entry-server.js');
  if (!options.render && !fs.existsSync(entry)) return undefined;
  const now = options.now ?? performance.now.bind(performance);
  let renderer: Promise<RenderPublicPage> | undefined = options.render && Promise.resolve(options.render);
  const pages = new Map<string, RenderedPage>();
  let windowStart = 0;
  let spentMs = 0;

  return async (url, kind, json) => {
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
    renderer ??= import(pathToFileURL(entry).href).then(
      (m: { renderPublicPage: RenderPublicPage }) => m.renderPublicPage,
    );
    const data = { kind, page: JSON.parse(json) };
    const startedAt = now();
    let page: RenderedPage | undefined;
    try {
      page = await (await renderer)(url, data);
    } catch (err) {
      // The app renders the page in the browser as before; a render that fails is a defect to hear of.
      options.logger?.error({ err, url }, 'server rendering failed');
      return undefined;
    } finally {
      spentMs += now() - startedAt;
    }
    if (!page) return undefined;
    pages.set(key, page);
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
    return page;
  };
}
