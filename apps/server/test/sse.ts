import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@sweetwish/shared/live';
import { type ChangeFeed, notifyChange } from '../src/changes/change-feed';
import type { Database } from '../src/db/client';

/**
 * Waits until every change sent so far has reached this instance's feed. On PostgreSQL, what a test did
 * just before opening an event stream can still be on its way and land in that stream; a marker sent now
 * arrives after all of it (one listening connection delivers in order).
 */
export async function settleChanges(db: Database, changes: ChangeFeed): Promise<void> {
  const marker = randomUUID();
  const arrived = new Promise<void>((resolve) => {
    const unsubscribe = changes.subscribe((change) => {
      if ((change as { marker?: string }).marker !== marker) return;
      unsubscribe();
      resolve();
    });
  });
  // Not a Change any subscriber acts on: only this waiter knows its topic.
  await notifyChange(db, { topic: 'test-marker', marker } as never);
  await arrived;
}

/**
 * Reads `change` events from an open Server-Sent Events response until `count` arrived or `waitMs` went by,
 * then closes the stream.
 */
export async function readEvents(res: Response, count: number, waitMs = 5000): Promise<LiveEvent[]> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: LiveEvent[] = [];
  let buffer = '';
  const deadline = Date.now() + waitMs;
  while (events.length < count && Date.now() < deadline) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const chunk = await Promise.race([
      reader.read(),
      new Promise<{ done: true; value: undefined }>((r) => {
        timer = setTimeout(() => r({ done: true, value: undefined }), Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    if (chunk.done) break;
    buffer += decoder.decode(chunk.value);
    const complete = buffer.lastIndexOf('\n\n');
    if (complete < 0) continue;
    for (const match of buffer.slice(0, complete + 1).matchAll(/event: change\ndata: (.*)\n/g)) {
      events.push(JSON.parse(match[1] as string) as LiveEvent);
    }
    buffer = buffer.slice(complete + 2);
  }
  await reader.cancel();
  return events;
}

/** The topics of the events read. */
export async function readTopics(res: Response, count: number, waitMs = 5000): Promise<string[]> {
  return (await readEvents(res, count, waitMs)).map((e) => e.topic);
}
