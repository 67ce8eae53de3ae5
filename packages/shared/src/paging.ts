import { z } from 'zod';

/**
 * Lists that grow answer a page at a time (decision 027). The cursor is opaque to the client (the server
 * reads it: apps/server/src/db/keyset.ts).
 */

/** The most rows one answer carries, whatever `limit` asks for. */
export const PAGE_LIMIT_MAX = 100;
/** The rows a page carries when `limit` is not given. */
export const PAGE_SIZE = 25;

export const PAGING_MESSAGES = {
  badCursor: 'Must be the nextCursor of a previous page',
  badLimit: `Must be a whole number from 1 to ${PAGE_LIMIT_MAX}`,
} as const;

/** `?cursor=&limit=`: the next page after `cursor` (the first page without it), `limit` rows at most. */
export const PageQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, PAGING_MESSAGES.badCursor)
    .optional(),
  limit: z.coerce
    .number({ error: PAGING_MESSAGES.badLimit })
    .int(PAGING_MESSAGES.badLimit)
    .min(1, PAGING_MESSAGES.badLimit)
    .max(PAGE_LIMIT_MAX, PAGING_MESSAGES.badLimit)
    .default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** A page of `item`s and the cursor of the next one (null on the last page). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
