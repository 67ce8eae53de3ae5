import { PAGING_MESSAGES } from '@sweetwish/shared/paging';
import { type AnyColumn, desc, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../errors';

/**
 * Keyset paging for lists sorted newest first by a timestamp, ties broken by the row's id (decision 027).
 * The cursor carries the last row's timestamp to the microsecond (a JavaScript Date keeps milliseconds only,
 * which would repeat or skip rows that differ below that) and its id.
 */

export type Keyset = { at: string; id: string; rank?: number | undefined };
/** A page request as the repos take it: after `after` (from the start without it), `limit` rows. */
export type PageRequest = { after?: Keyset | undefined; limit: number };

const KEY_TIME = /^[12]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A time as keyTime writes it, and a real one (no February 30th, which the database would refuse). */
function isKeyTime(text: string): boolean {
  if (!KEY_TIME.test(text)) return false;
  const date = new Date(text);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === text.slice(0, 23);
}

/** The sort key as the cursor keeps it: UTC, microseconds. Select it beside the row as `pageKey`. */
export function keyTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows strictly after the keyset in (time desc, id desc) order; no condition on the first page. */
export function afterKeyset(time: AnyColumn, id: AnyColumn, after: Keyset | undefined): SQL | undefined {
  if (after === undefined) return undefined;
  return sql`(${time}, ${id}) < (${after.at}::timestamptz, ${after.id})`;
}

/**
 * Rows strictly after the keyset in (rank asc, time desc, id desc) order: for a list whose order starts
 * with a small whole number (a wishlist: not purchased before purchased, pinned before not).
 */
export function afterRankedKeyset(
  rank: SQL,
  time: AnyColumn,
  id: AnyColumn,
  after: Keyset | undefined,
): SQL | undefined {
  if (after === undefined) return undefined;
  const rankAfter = after.rank ?? 0;
  return sql`(${rank} > ${rankAfter} or (${rank} = ${rankAfter} and (${time}, ${id}) < (${after.at}::timestamptz, ${after.id})))`;
}

/** Newest first, and the id decides between rows of the same time. */
export function newestFirst(time: AnyColumn, id: AnyColumn): SQL[] {
  return [desc(time), desc(id)];
}

export function encodeCursor(keyset: Keyset): string {
  const key = keyset.rank === undefined ? [keyset.at, keyset.id] : [keyset.rank, keyset.at, keyset.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The keyset of a cursor this server made; anything else is a 400 that names the field. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const bad = new AppError('VALIDATION', `cursor: ${PAGING_MESSAGES.badCursor}`, {
    cursor: PAGING_MESSAGES.badCursor,
  });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) throw bad;
  const rank: unknown = value.length === 3 ? value[0] : undefined;
  const [at, id] = value.slice(-2);
  if (rank !== undefined && !(Number.isInteger(rank) && (rank as number) >= 0 && (rank as number) < 100)) throw bad;
  if (typeof at !== 'string' || !isKeyTime(at)) throw bad;
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw bad;
  return { at, id, rank: rank as number | undefined };
}

/** The page request of a validated `?cursor=&limit=`. */
export function pageRequest(query: { cursor?: string | undefined; limit: number }): PageRequest {
  return { after: decodeCursor(query.cursor), limit: query.limit };
}

/**
 * Cuts the rows a repo read (it reads `limit + 1`, to know whether more follow) to the page's rows and the
 * cursor of the next page (null on the last).
 */
export function cutPage<Row extends { pageKey: string; pageRank?: number }>(
  rows: Row[],
  page: PageRequest,
  idOf: (row: Row) => string,
): { rows: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  if (rows.length <= page.limit || last === undefined) return { rows: shown, nextCursor: null };
  return { rows: shown, nextCursor: encodeCursor({ at: last.pageKey, id: idOf(last), rank: last.pageRank }) };
}
