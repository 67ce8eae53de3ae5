import { expect } from 'vitest';

type PageAnswer<T> = { items: T[]; nextCursor: string | null };

/**
 * Follows a list's cursors from the first page to the last, `limit` rows at a time, checking each page's
 * size, and returns every row in the order the pages gave them.
 */
export async function readEveryPage<T>(
  get: (query: string) => Response | Promise<Response>,
  limit: number,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const query: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const res = await get(query);
    expect(res.status).toBe(200);
    const page = (await res.json()) as PageAnswer<T>;
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    if (page.nextCursor === null) return items;
    // Only a full page may say that more follow.
    expect(page.items.length).toBe(limit);
    cursor = page.nextCursor;
  }
  throw new Error('the list never reached a page with nextCursor null');
}

const asCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Cursors and limits a list must refuse with a 400 naming the field. */
export const BAD_PAGE_QUERIES: ReadonlyArray<[query: string, field: 'cursor' | 'limit']> = [
  ['?limit=0', 'limit'],
  ['?limit=101', 'limit'],
  ['?limit=1.5', 'limit'],
  ['?limit=ten', 'limit'],
  ['?cursor=not%20a%20cursor', 'cursor'],
  [`?cursor=${asCursor('nope')}`, 'cursor'],
  [`?cursor=${asCursor(['2026-01-01', 'x'])}`, 'cursor'],
  [`?cursor=${asCursor(['2026-01-01T00:00:00.000000Z', 7])}`, 'cursor'],
  [`?cursor=${asCursor(['2026-02-30T00:00:00.000000Z', 'x'])}`, 'cursor'],
  [`?cursor=${asCursor([-1, '2026-01-01T00:00:00.000000Z', 'x'])}`, 'cursor'],
  [`?cursor=${'A'.repeat(201)}`, 'cursor'],
];

export async function expectBadPagesRefused(get: (query: string) => Response | Promise<Response>) {
  for (const [query, field] of BAD_PAGE_QUERIES) {
    const res = await get(query);
    expect(res.status, query).toBe(400);
    const body = (await res.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {}), query).toContain(field);
  }
}

/** Times that tie (same microsecond) and that differ below the millisecond, newest first. */
export const TIED_TIMES = [
  '2026-03-01T10:00:00.123457Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-03-01T10:00:00.123456Z',
  '2026-02-01T10:00:00.000000Z',
] as const;

/** The ids in the order a newest-first list must give them: by time, then by id, both descending. */
export function newestFirstIds(rows: ReadonlyArray<{ id: string; at: string }>): string[] {
  return rows.toSorted((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1)).map((row) => row.id);
}

/** Every limit worth trying on `count` rows: one a page, a page boundary inside the ties, all in one. */
export function limitsFor(count: number): number[] {
  return [1, 2, 4, count];
}
