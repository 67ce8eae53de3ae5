import { LIVE_TOPICS, type LiveEvent } from '@sweetwish/shared/live';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChangeFeed } from '../../changes/change-feed';
import type { AppEnv } from '../../http/context';
import { requireUser } from '../../http/session';
import { liveConnections } from '../../metrics/registry';
import type { Auth } from '../accounts/auth';

/** A comment line now and then keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
const LIVE = new Set<string>(LIVE_TOPICS);

/**
 * The `retry` hint (milliseconds) a browser waits before reconnecting a stream that ended: drawn at random
 * so that the streams of an instance that stopped or died come back spread over a second, not all at once.
 * After a shutdown they come back sooner: the other instances are up and the stream ended on purpose.
 */
export const RECONNECT_DELAY_MS = { min: 1_000, spread: 1_000 };
export const RECONNECT_AFTER_SHUTDOWN_MS = { min: 100, spread: 900 };
const drawDelay = (delay: { min: number; spread: number }) => delay.min + Math.floor(Math.random() * delay.spread);

/**
 * GET /api/events: the signed-in user's live updates as Server-Sent Events (architecture.md section 6). Every
 * instance hears every change through the change feed and passes on those of its own connected users;
 * the web app refetches what an event names. After a gap in the feed, every topic is sent.
 */
export function liveRoutes(deps: { auth: Auth; changes: ChangeFeed; shutdown: AbortSignal }) {
  const app = new Hono<AppEnv>();
  app.get('/events', requireUser(deps.auth), (c) => {
    const userId = c.get('userId');
    return streamSSE(c, async (stream) => {
      liveConnections.inc();
      const send = (event: LiveEvent) => stream.writeSSE({ event: 'change', data: JSON.stringify(event) });
      const unsubscribe = deps.changes.subscribe((change) => {
        if (change.topic === 'resync') for (const topic of LIVE_TOPICS) void send({ topic });
        else if ('userId' in change && change.userId === userId && LIVE.has(change.topic)) {
          const { topic } = change as LiveEvent;
          void send(
            'conversationId' in change && change.conversationId
              ? { topic, conversationId: change.conversationId }
              : { topic },
          );
        }
      });
      // The stream ends when the browser goes or the server shuts down (the browser then reconnects to
      // another instance), so a shutdown never waits for open streams.
      let onShutdown = () => {};
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        onShutdown = () => resolve();
        deps.shutdown.addEventListener('abort', onShutdown, { once: true });
      });
      const isOver = () => stream.aborted || deps.shutdown.aborted;
      await stream.writeSSE({ event: 'ready', data: '{}', retry: drawDelay(RECONNECT_DELAY_MS) });
      while (!isOver()) {
        await Promise.race([stream.sleep(HEARTBEAT_MS), ended]);
        if (!isOver()) await stream.write(': heartbeat\n\n');
      }
      // Shutting down: the browser reconnects soon, through the load balancer, to another instance.
      if (!stream.aborted) await stream.write(`retry: ${drawDelay(RECONNECT_AFTER_SHUTDOWN_MS)}\n\n`);
      unsubscribe();
      // Every open stream listens for the shutdown: one that ended must stop listening, or they pile up.
      deps.shutdown.removeEventListener('abort', onShutdown);
      liveConnections.dec();
    });
  });
  return app;
}
