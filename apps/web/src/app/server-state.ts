import type { DehydratedState } from '@tanstack/react-query';

/** The id of the <script type="application/json"> in which the server hands a rendered page's state to the app. */
export const SERVER_STATE_ID = 'server-state';

/**
 * What the app needs to take over a page the server rendered (decision 042): the query cache the server
 * rendered it with, and the router's loader data (null for each screen loader: the loaders only fill the
 * query cache, so the router must not run them again over the server's data).
 */
export type ServerState = { queries: DehydratedState; loaderData: Record<string, null> };

/** What the app tells public/app-boot.js once it has taken over a server-rendered page (the name is in both). */
export const APP_READY_EVENT = 'sweetwish:app-ready';
