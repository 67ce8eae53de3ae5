import type { ReadableStreamReadResult } from 'node:stream/web';

/** One Server-Sent Event as the overlay stream sends it. */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * Reads an open Server-Sent Events response event by event, for tests that follow a stream over time:
 * `next(match)` waits (at most `waitMs`) for the next event that matches, keeping the others it read.
 */
export function sseReader(res: Response) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let isDone = false;

  function parse() {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let hasField = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event.event = value;
        else if (field === 'data') event.data = value;
        else if (field === 'id') event.id = value;
        else continue;
        hasField = true;
      }
      if (hasField) events.push(event);
    }
  }

  // A read the timeout won keeps running; the next call takes its chunk instead of losing it.
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  async function readMore(deadline: number): Promise<boolean> {
    if (isDone) return false;
    reading ??= reader.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const chunk = await Promise.race([
      reading,
      new Promise<'timeout'>((r) => {
        timer = setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now()));
      }),
    ]);
    clearTimeout(timer);
    if (chunk === 'timeout') return false;
    reading = undefined;
    if (chunk.done) {
      isDone = true;
      return false;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    parse();
    return true;
  }

  return {
    /** The next event (of those not taken yet) that `match` accepts, or undefined after `waitMs`. */
    async next(match: (e: SseEvent) => boolean = () => true, waitMs = 5000): Promise<SseEvent | undefined> {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const index = events.findIndex(match);
        if (index >= 0) return events.splice(index, 1)[0];
        if (Date.now() >= deadline || isDone) return undefined;
        await readMore(deadline);
      }
    },
    /** Every event that arrives within `waitMs`, the ones read but not taken included. */
    async drain(waitMs: number): Promise<SseEvent[]> {
      const deadline = Date.now() + waitMs;
      while (Date.now() < deadline && !isDone) await readMore(deadline);
      return events.splice(0);
    },
    /** Whether the server ended the stream (waits at most `waitMs`). */
    async hasEnded(waitMs = 5000): Promise<boolean> {
      const deadline = Date.now() + waitMs;
      while (!isDone && Date.now() < deadline) await readMore(deadline);
      return isDone;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
