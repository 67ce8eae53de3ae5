import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';
import type { Logger } from '../../logger';
import { overlayStartSeq } from '../gifts/gift-messages';
import { RECONNECT_AFTER_SHUTDOWN_MS, RECONNECT_DELAY_MS } from '../live/routes';
import { recordGoalReached } from './goal';
import { createOverlayHubs, type OverlayEvent, type OverlayHubs, type OverlayStream } from './hubs';
import { getOverlayBySecret } from './service';

/** A comment line now and then keeps proxies (and OBS) from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
const drawDelay = (delay: { min: number; spread: number }) => delay.min + Math.floor(Math.random() * delay.spread);

/** Where a reconnecting overlay left off: the Last-Event-ID its browser sends, or `?after=` from the page. */
function resumePoint(header: string | undefined, query: string | undefined): number | undefined {
  const value = header ?? query;
  if (value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * GET /api/overlay/{secret}/events: a creator's stream overlay as Server-Sent Events (decision 031). Every
 * gift after the resume point comes once, in order, with its number as the event id; a stream without one
 * starts after the latest gift. The stream ends when its secret is replaced (the browser's reconnect then
 * gets 404) and when the server shuts down (the browser reconnects to another instance and resumes).
 */
export function overlayStreamRoutes(deps: {
  db: Database;
  changes: ChangeFeed;
  logger: Logger;
  shutdown: AbortSignal;
  hubs?: OverlayHubs;
}) {
  const { db } = deps;
  const hubs = deps.hubs ?? createOverlayHubs(db, deps.changes, deps.logger);
  // Goals are checked where gifts are heard of, whichever instance took the gift (recordGoalReached()).
  deps.changes.subscribe((change) => {
    if (change.topic !== 'received') return;
    recordGoalReached(db, change.userId).catch((err) => deps.logger.error({ err }, 'overlay: goal check failed'));
  });
  const app = new Hono<AppEnv>();
  app.get('/overlay/:secret/events', async (c) => {
    const secret = c.req.param('secret');
    const row = await getOverlayBySecret(db, secret);
    await recordGoalReached(db, row.userId);
    const resumed = resumePoint(c.req.header('last-event-id'), c.req.query('after'));
    // Without a resume point: after the last alert an overlay began to show, so a restart repeats none and
    // loses none (decision 100).
    const cursor = resumed ?? (await overlayStartSeq(db, row.userId));
    return streamSSE(c, async (stream) => {
      let writing = Promise.resolve();
      let end = () => {};
      const ended = new Promise<'gone' | 'closed'>((resolve) => {
        stream.onAbort(() => resolve('gone'));
        end = () => resolve('closed');
        deps.shutdown.addEventListener('abort', end, { once: true });
      });
      let isClosed = false;
      const overlay: OverlayStream = {
        cursor,
        secret,
        needsState: true,
        send: (event: OverlayEvent) => {
          writing = writing
            .then(() => (stream.aborted || isClosed ? undefined : stream.writeSSE(event)))
            .catch(() => {});
        },
        close: () => {
          isClosed = true;
          end();
        },
      };
      // The first event carries the resume point, so even a stream that sees no gift resumes from it.
      await stream.writeSSE({ event: 'ready', data: '{}', id: String(cursor), retry: drawDelay(RECONNECT_DELAY_MS) });
      hubs.join(row.userId, row, overlay);
      const isOver = () => stream.aborted || deps.shutdown.aborted || isClosed;
      while (!isOver()) {
        await Promise.race([stream.sleep(HEARTBEAT_MS), ended]);
        if (!isOver()) overlay.send({ event: 'heartbeat', data: '{}' });
      }
      hubs.leave(row.userId, overlay);
      await writing;
      if (!stream.aborted && deps.shutdown.aborted) {
        await stream.write(`retry: ${drawDelay(RECONNECT_AFTER_SHUTDOWN_MS)}\n\n`);
      }
      deps.shutdown.removeEventListener('abort', end);
    });
  });
  return app;
}
