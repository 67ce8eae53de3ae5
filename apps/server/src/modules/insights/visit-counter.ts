import { isbot } from 'isbot';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { addViews } from './repo';
import { resolveVisitedPages } from './visited-pages';

/** A page a visit counts for: a creator's page, a wish's, or a shared tip or invite link. */
export type VisitedPage = { page: 'profile' | 'share'; handle: string } | { page: 'wish'; wishId: string };

const HANDLE = /^[A-Za-z0-9_.]{1,64}$/;
const WISH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The page a path shows, if it is one whose visits count (product.md section 2, Insights). */
export function visitedPageOf(path: string): VisitedPage | undefined {
  const [first, second, ...rest] = path.split('/').filter(Boolean);
  if (!first || rest.length > 0) return undefined;
  if (first === 'x' && second && WISH_ID.test(second)) return { page: 'wish', wishId: second };
  if (first === 'join' && second && HANDLE.test(second)) return { page: 'share', handle: second.toLowerCase() };
  if (!HANDLE.test(first)) return undefined;
  if (second === undefined) return { page: 'profile', handle: first.toLowerCase() };
  return second === 'tip' ? { page: 'share', handle: first.toLowerCase() } : undefined;
}

/** Whether a request is a person opening the page: not a bot, nor a browser's prefetch. */
export function isPersonVisit(headers: Headers): boolean {
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? '';
  if (purpose.includes('prefetch')) return false;
  return !isbot(headers.get('user-agent') ?? '');
}

/**
 * Counts page visits in memory and adds them to insight_views every `flushMs` (decision 122): a page's
 * server time grows by a map update, never a query. No cookie is set, no address or user agent is kept;
 * a signed-in viewer's id is held until the flush only to leave out the creator's visits to their own
 * pages. Flushes add to the counts, so every instance flushes its own; stop() flushes what is left, and a
 * crash loses at most one interval's visits.
 */
export function createVisitCounter(deps: { db: Database; logger: Logger; flushMs?: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  let counts = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const add = (page: VisitedPage, viewerId: string | undefined) => {
    const target = page.page === 'wish' ? page.wishId : page.handle;
    const key = [now().toISOString().slice(0, 10), page.page, target, viewerId ?? ''].join('|');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };

  const flushNow = async () => {
    if (counts.size === 0) return;
    const taken = counts;
    counts = new Map();
    const visits = [...taken].map(([key, views]) => {
      const [day = '', page = '', target = '', viewerId = ''] = key.split('|');
      return { day, page: page as VisitedPage['page'], target, viewerId, views };
    });
    const pages = await resolveVisitedPages(deps.db, visits);
    const rows = new Map<string, { creatorId: string; day: string; page: string; wishId: string; views: number }>();
    for (const visit of visits) {
      const owner = pages.get(`${visit.page === 'wish' ? 'wish' : 'handle'}:${visit.target}`);
      if (!owner || owner.creatorId === visit.viewerId) continue;
      const wishId = visit.page === 'wish' ? visit.target : '';
      const rowKey = `${owner.creatorId}|${visit.day}|${visit.page}|${wishId}`;
      const row = rows.get(rowKey) ?? {
        creatorId: owner.creatorId,
        day: visit.day,
        page: visit.page,
        wishId,
        views: 0,
      };
      row.views += visit.views;
      rows.set(rowKey, row);
    }
    await addViews(deps.db, [...rows.values()]);
  };

  const flush = () => {
    flushing = flushing.then(flushNow).catch((err) => deps.logger.error({ err }, 'visit counts not saved'));
    return flushing;
  };

  return {
    /** Counts a visit; a signed-in viewer's id comes later (`viewer`), so the page never waits for it. */
    count(path: string, headers: Headers, viewer?: () => Promise<string | undefined>) {
      const page = visitedPageOf(path);
      if (!page || !isPersonVisit(headers)) return;
      if (!viewer) return add(page, undefined);
      viewer().then(
        (id) => add(page, id),
        () => add(page, undefined),
      );
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), deps.flushMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}

export type VisitCounter = ReturnType<typeof createVisitCounter>;
