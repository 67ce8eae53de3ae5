import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { meOptions } from './session';

// biome-ignore lint/suspicious/noExplicitAny: a list of queries of different data types, each typed at its call.
type AnyQuery = EnsureQueryDataOptions<any, any, any, any> | AnyPagedList;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyPagedList = EnsureInfiniteQueryDataOptions<any, any, any, any, any>;

const isPagedList = (query: AnyQuery): query is AnyPagedList => query.initialPageParam !== undefined;

/** A paged list (lib/paged-list.ts) loads its first page; any other query its data. */
function ensure(query: AnyQuery): Promise<unknown> {
  return isPagedList(query) ? queryClient.ensureInfiniteQueryData(query) : queryClient.ensureQueryData(query);
}

/**
 * A route loader's work (decision 025): starts the signed-in user's query and every query the screen
 * needs, all at once, and waits for them, so the screen renders with its data after one round trip. A
 * query that fails keeps its error in the cache, where the screen shows it as it always has.
 */
export async function loadQueries(...queries: AnyQuery[]): Promise<null> {
  await Promise.all([meOptions, ...queries].map((query) => ensure(query).catch(() => undefined)));
  return null;
}

/**
 * The same for a screen of the signed-in user's own data, whose queries a visitor may not ask for (they
 * would answer 401). When who is signed in is already known (moving between screens) everything starts
 * at once; on the first page load of the visit the user's query answers first.
 */
export async function loadSignedInQueries(...queries: AnyQuery[]): Promise<null> {
  const me = await queryClient.ensureQueryData(meOptions).catch(() => null);
  if (me) await loadQueries(...queries);
  return null;
}
