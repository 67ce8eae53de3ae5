import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { Inviter, PublicConfig } from '@sweetwish/shared/accounts';
import type { ProfilePage, WishPage } from '@sweetwish/shared/wishes';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { loadMatchedRoutes } from './app/matched-routes';
import { routes } from './app/routes';
import { type BrowserRecord, renderWithBrowserRecord, type ServerState } from './app/server-state';
import { inviterQueryKey } from './features/auth/api/auth-calls';
import { wishQueryKey } from './features/wishes-public/api/wish-calls';
import { profileQueryKey, wishListQueryKey } from './lib/profiles';
import { publicConfigOptions } from './lib/public-config';
import { queryClient } from './lib/query-client';
import { ME_QUERY_KEY } from './lib/session';

/**
 * The server's rendering of the pages people land on, for a visitor without a session: a creator's and a
 * wish's page from a shared link (decision 042), the sign-in screen and the landing page (decision 043). It
 * is the app's own tree, rendered in Node by the server (apps/server/src/http/server-pages.ts) with the
 * answer the page's API call would give, so the page shows at once and the app takes it over on the
 * visitor's first interaction (main.tsx). The sign-in screen and the landing page also depend on what the
 * server read of the browser's records (`browser`, from its cookies): the terms accepted, a visit before.
 */
export type PublicPage =
  | { kind: 'profile'; page: ProfilePage }
  | { kind: 'wish'; page: WishPage }
  | {
      kind: 'signIn';
      page: {
        config: PublicConfig;
        /** On an invite link: its code and the inviter it names (null for nobody). */
        invite: { code: string; inviter: Inviter | null } | null;
        browser: BrowserRecord;
      };
    }
  | { kind: 'landing'; page: { browser: BrowserRecord } };

export type RenderedPage = {
  /** The markup inside #root. */
  html: string;
  /** The <style> elements of the styles that markup uses. */
  styles: string;
  /** What the app needs to take the markup over. */
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
  // render the router's fallback (nothing) in its place.
  const loaderData = Object.fromEntries(context.matches.flatMap((m) => (m.route.loader ? [[m.route.id, null]] : [])));
  Object.assign(context.loaderData, loaderData);

  const browser = data.kind === 'signIn' || data.kind === 'landing' ? data.page.browser : {};
  // From here on nothing awaits: the query cache is one for the process, and this render has it alone.
  queryClient.clear();
  try {
    // The landing page asks who is signed in by a plain request of its own, and uses no query.
    if (data.kind !== 'landing') queryClient.setQueryData(ME_QUERY_KEY, null);
    if (data.kind === 'profile') {
      queryClient.setQueryData(profileQueryKey(data.page.profile.handle), data.page.profile);
      queryClient.setQueryData(wishListQueryKey(data.page.profile.id, false), data.page.wishes);
    } else if (data.kind === 'wish') {
      queryClient.setQueryData(wishQueryKey(data.page.wish.id), data.page);
    } else if (data.kind === 'signIn') {
      queryClient.setQueryData(publicConfigOptions.queryKey, data.page.config);
      const { invite } = data.page;
      if (invite) queryClient.setQueryData(inviterQueryKey(invite.code), invite.inviter);
    }
    const cache = createCache({ key: 'css' });
    const emotion = createEmotionServer(cache);
    const html = renderWithBrowserRecord(browser, () =>
      renderToString(
        <CacheProvider value={cache}>
          <AppRoot withNotifications>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </AppRoot>
        </CacheProvider>,
      ),
    );
    return {
      html,
      styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
      state: { queries: dehydrate(queryClient), loaderData, browser },
    };
  } finally {
    queryClient.clear();
  }
}
