/**
 * The supporters wall's query keys (decision 101). Here rather than in a feature: the public profile reads
 * the wall, and the overlay settings, where the creator turns it on or off, mark it out of date.
 */
export const WALL_QUERY_KEY = ['wall'] as const;
export const wallQueryKey = (handle: string) => [...WALL_QUERY_KEY, handle.toLowerCase()] as const;
