import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Inviter, PublicConfig } from '@sweetwish/shared/accounts';
import type { WallPage } from '@sweetwish/shared/gift-messages';
import type { GroupGiftProgress } from '@sweetwish/shared/group-gifts';
import type { ProfilePage, WishPage } from '@sweetwish/shared/wishes';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { loadMatchedRoutes } from './app/matched-routes';
import { routes } from './app/routes';
import { profileQueryKey, wishListQueryKey } from './components/profiles/profile-queries';
import { wallQueryKey } from './components/profiles/wall-query-key';
import { inviterQueryKey } from './features/accounts/api/auth-calls';
import { groupGiftQueryKey } from './features/wishes-public/api/group-gift-calls';
import { wishQueryKey } from './features/wishes-public/api/wish-calls';
import type { ScreenHandle } from './lib/page-title';
import { publicConfigOptions } from './lib/public-config';
import { createQueryClient } from './lib/query-client';
import { type BrowserRecord, ServerQueryClientContext, type ServerState } from './lib/server-state';
import { ME_QUERY_KEY } from './lib/session';

/**
 * The server's rendering of the pages people land on, for a visitor without a session: a creator's and a
 * wish's page from a shared link, the sign-in screen and the landing page (decision 052). It is the app's own
 * tree, rendered in Node by the server (apps/server/src/http/server-pages.ts) with the answer the page's API
 * call would give, through React Router's static handler and React's prerender, and hydrated by the browser
 * with the same data (main.tsx). The sign-in screen and the landing page also depend on what the server read
 * of the browser's records (`browser`, from its cookies): the terms accepted, a visit before.
 */
export type PublicPage =
  /** A creator's page, with the first page of their supporters wall when it has one (decision 101). */
  | { kind: 'profile'; page: ProfilePage & { wall?: WallPage } }
  | { kind: 'wish'; page: WishPage & { groupGift?: GroupGiftProgress } }
  | {
      kind: 'signIn';
      page: {
        config: PublicConfig;
        /** On an invite link: its code and the inviter it names (null for nobody). */
        invite: { code: string; inviter: Inviter | null } | null;
        browser: BrowserRecord;
        /** The method the address asks for; the router reads it from the address (`?method=email`). */
        method: 'phone' | 'email';
      };
    }
  | { kind: 'landing'; page: { browser: BrowserRecord } };

export type RenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** The <style> elements of the styles that markup uses. */
  styles: string;
  /** What the app needs to hydrate the markup. */
  state: ServerState;
};

/** The page at `url` (a path), or undefined when the router answers with a redirect instead. */
export async function renderPublicPage(url: string, data: PublicPage): Promise<RenderedPage | undefined> {
  const { pathname } = new URL(url, 'http://localhost');
  await loadMatchedRoutes(routes, pathname);
  const handler = createStaticHandler(routes);
  // The screens' loaders fill the query cache from the API; here the cache is filled with `data` instead.
  const context = await handler.query(new Request(new URL(url, 'http://localhost')), {
    filterMatchesToLoad: () => false,
  });
  if (context instanceof Response) return undefined;
  // Each screen loader's data is null (it only fills the query cache); a route without its data would
  // render its HydrateFallback in the browser instead of hydrating.
  const loaderData = Object.fromEntries(context.matches.flatMap((m) => (m.route.loader ? [[m.route.id, null]] : [])));
  Object.assign(context.loaderData, loaderData);

  const queryClient = queryClientFor(data);
  const browser = data.kind === 'signIn' || data.kind === 'landing' ? data.page.browser : {};
  const rendered = await renderWithStyles(
    <ServerQueryClientContext value={queryClient}>
      <AppRoot withNotifications browserRecord={browser}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppRoot>
    </ServerQueryClientContext>,
  );
  const queries = data.kind === 'landing' ? null : dehydrate(queryClient);
  return { ...rendered, state: { isScreenDrawn: true, queries, hydration: { loaderData }, browser } };
}

/** A query cache of this render's own, holding the answers the page's API calls would give. */
function queryClientFor(data: PublicPage): QueryClient {
  const queryClient = createQueryClient();
  // The landing page asks who is signed in by a plain request of its own, and uses no query.
  if (data.kind !== 'landing') queryClient.setQueryData(ME_QUERY_KEY, null);
  if (data.kind === 'profile') {
    queryClient.setQueryData(profileQueryKey(data.page.profile.handle), data.page.profile);
    queryClient.setQueryData(wishListQueryKey(data.page.profile.id, false), data.page.wishes);
    queryClient.setQueryData(wallQueryKey(data.page.profile.handle), data.page.wall ?? { items: [], nextCursor: null });
  } else if (data.kind === 'wish') {
    const { groupGift, ...page } = data.page;
    queryClient.setQueryData(wishQueryKey(page.wish.id), page);
    if (groupGift) queryClient.setQueryData(groupGiftQueryKey(page.wish.id), groupGift);
  } else if (data.kind === 'signIn') {
    queryClient.setQueryData(publicConfigOptions.queryKey, data.page.config);
    const { invite } = data.page;
    if (invite) queryClient.setQueryData(inviterQueryKey(invite.code), invite.inviter);
  }
  return queryClient;
}

/**
 * What every other page shows until the app has loaded its screen: the top bar and a placeholder, which the
 * router draws as its HydrateFallback while it loads the first screen, so a slow network shows the app's frame
 * at once instead of a blank page. The same for every such page (the root route's fallback): rendered once.
 */
let screenPlaceholder: Promise<RenderedPage> | undefined;
export function renderScreenPlaceholder(): Promise<RenderedPage> {
  screenPlaceholder ??= (async () => {
    // Any address of an app screen: none of its code is loaded here, so the router draws the fallback.
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/home'), { filterMatchesToLoad: () => false });
    if (context instanceof Response) throw new Error('/home answered a redirect');
    const rendered = await renderWithStyles(
      <AppRoot withNotifications={false}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppRoot>,
    );
    return { ...rendered, state: { isScreenDrawn: false, queries: null, hydration: { loaderData: {} }, browser: {} } };
  })();
  return screenPlaceholder;
}

/** The title of the app's screen at `pathname` (the route table's), or undefined for a screen that names itself. */
export function screenTitle(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as ScreenHandle | undefined;
  return handle?.title;
}

/**
 * The markup of `tree` once everything in it has loaded (lazy screens and parts, Suspense), and its styles.
 *
 * A part that suspends (a lazy part whose code this process has not loaded yet) would go out as its fallback,
 * followed by its content and an inline script that swaps them, which the page's Content-Security-Policy
 * forbids: the visitor would see the fallback until hydration. So a render that suspended is rendered again,
 * its code now loaded, until none does (a lazy part loads once per process). A part that throws would go out
 * as its fallback too: that is a defect, so the render fails, and the server logs it and sends the placeholder.
 */
async function renderWithStyles(tree: ReactNode): Promise<Omit<RenderedPage, 'state'>> {
  for (let attempt = 1; ; attempt += 1) {
    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(<CacheProvider value={cache}>{tree}</CacheProvider>, {
      // React moves a large part out of line for a stream's sake, to be swapped in by script; a page goes out whole.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    });
    const html = await textOf(prelude);
    if (errors.length > 0) throw errors[0];
    if (html.includes(SUSPENDED_BOUNDARY) && attempt < MAX_RENDERS) continue;
    if (html.includes(SUSPENDED_BOUNDARY)) throw new Error('a part of the page suspended on every render');
    return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
  }
}

/** React's marker of a Suspense boundary whose content comes later in the stream. */
const SUSPENDED_BOUNDARY = '<!--$?-->';
/** Lazy parts nest (a lazy screen with lazy parts): each render loads one more level. */
const MAX_RENDERS = 4;

async function textOf(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}
