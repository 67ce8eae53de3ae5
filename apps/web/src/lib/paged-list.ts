import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** A page of a list the server pages with a cursor (decision 027). */
export type ListPage<T> = { items: T[]; nextCursor: string | null };

/**
 * A list read page by page with `useInfiniteQuery`: the first page has no cursor, each next one the
 * previous page's `nextCursor`. The live events stream refreshes it by its key like any other query.
 */
export function pagedListOptions<T, Key extends QueryKey>(
  queryKey: Key,
  fetchPage: (cursor: string | undefined) => Promise<ListPage<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam === '' ? undefined : pageParam),
    initialPageParam: '',
    getNextPageParam: (page: ListPage<T>) => page.nextCursor ?? undefined,
  });
}

/** Every row of the pages loaded so far, in the server's order. */
export function itemsOf<T>(data: InfiniteData<ListPage<T>> | undefined): T[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * Whether the list failed to load, so the screen shows its error instead of the rows. A next page that
 * failed is not that: the rows stay and the list's end offers Try Again (components/load-more.tsx).
 */
export function hasListFailed(list: { isError: boolean; isFetchNextPageError: boolean }): boolean {
  return list.isError && !list.isFetchNextPageError;
}
