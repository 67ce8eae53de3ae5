import type { DehydratedState } from '@tanstack/react-query';

/** The id of the <script type="application/json"> in which the server hands a rendered page's state to the app. */
export const SERVER_STATE_ID = 'server-state';

/**
 * What the app needs to take over a page the server rendered (decision 042): the query cache the server
 * rendered it with, the router's loader data (null for each screen loader: the loaders only fill the
 * query cache, so the router must not run them again over the server's data), and what the server read of
 * the browser's records (decision 043).
 */
export type ServerState = { queries: DehydratedState; loaderData: Record<string, null>; browser: BrowserRecord };

/**
 * What the server knew of the browser's records (their cookies, packages/shared/src/browser-cookies.ts) when
 * it rendered the page. The first render in the browser (the take-over) must draw what the server drew, so
 * it reads these rather than local storage; later renders read the browser's own records.
 */
export type BrowserRecord = { termsAccepted?: boolean; isFirstVisit?: boolean };

let rendering: BrowserRecord | undefined;

/** Runs a render (on the server, or the take-over's hydration, both synchronous) with the server's record. */
export function renderWithBrowserRecord<T>(record: BrowserRecord, render: () => T): T {
  rendering = record;
  try {
    return render();
  } finally {
    rendering = undefined;
  }
}

/** During such a render, what the server knew; otherwise undefined: the browser's records are the truth. */
export function serverBrowserRecord(): BrowserRecord | undefined {
  return rendering;
}

/** Whether this is the server's render of a page or the take-over's first render of it. */
export function isDrawingServerPage(): boolean {
  return rendering !== undefined;
}

/** What the app tells public/app-boot.js once it has taken over a server-rendered page (the name is in both). */
export const APP_READY_EVENT = 'sweetwish:app-ready';
