import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, useSyncExternalStore } from 'react';
import type { HydrationState } from 'react-router';

/** The id of the <script type="application/json"> in which the server hands a rendered page's state to the app. */
export const SERVER_STATE_ID = 'server-state';

/**
 * What the app needs to hydrate a page the server rendered (decision 052): the query cache the server
 * rendered it with, the router's hydration data (null loader data for each screen loader the server drew:
 * the loaders only fill the query cache, so the router must not run them again over the server's data; none
 * for the placeholder, whose screen the router then loads), and what the server read of the browser.
 */
export type ServerState = {
  /** True when the server drew the screen itself; false when it sent the screen placeholder. */
  isScreenDrawn: boolean;
  /** The query cache's contents, or null for a screen that uses none (the landing page, the placeholder). */
  queries: DehydratedState | null;
  hydration: HydrationState;
  browser: BrowserRecord;
};

/**
 * What the server knew of the browser's records (their cookies, packages/shared/src/browser-cookies.ts) when
 * it rendered the page: hydration must draw what the server drew, so it reads these; later renders read the
 * browser's own records (useBrowserRecord).
 */
export type BrowserRecord = { termsAccepted?: boolean; isFirstVisit?: boolean };

/** The server's record of the browser, for the server's render and the browser's hydration of it. */
export const BrowserRecordContext = createContext<BrowserRecord>({});

/**
 * The query cache of one server render: each request renders with a client of its own, so no render sees
 * another's data. Null in the browser, where the app's one client serves the whole visit (app-shell.tsx).
 */
export const ServerQueryClientContext = createContext<QueryClient | null>(null);

const subscribeToNothing = () => () => {};

/**
 * A fact about the browser, read once when the component mounts: on the server and while hydrating, what
 * the server read of it (`fromServer`); then what the browser itself said (`inBrowser`). React draws the
 * server's answer first and the browser's right after hydration when they differ, so the markup matches.
 */
export function useBrowserRecord<T>(inBrowser: () => T, fromServer: (record: BrowserRecord) => T): T {
  const record = useContext(BrowserRecordContext);
  const [browserValue] = useState(() => (typeof window === 'undefined' ? undefined : inBrowser()));
  return useIsHydrated() ? (browserValue as T) : fromServer(record);
}

/** False on the server and while hydrating its markup; true once the browser renders by itself. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
