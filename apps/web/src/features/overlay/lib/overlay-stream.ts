import { OVERLAY_EVENTS, type OverlayAlert, type OverlayState } from '@sweetwish/shared/overlay';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An alert waiting its turn; `key` tells apart two tests (which have no id); `seq` is a gift's number, which
 * the page reports once it begins to show it (decision 100).
 */
export type QueuedAlert = OverlayAlert & { key: string; seq: number | null };

/** How long the page waits before opening a stream the browser gave up on (a 502 from a proxy, say). */
const REOPEN_DELAY_MS = { min: 1_000, max: 10_000 };

const eventsUrl = (secret: string, after: string | undefined) =>
  `/api/overlay/${encodeURIComponent(secret)}/events${after ? `?after=${encodeURIComponent(after)}` : ''}`;

/** Whether the overlay's address still opens an overlay (false after "Regenerate"). */
async function isAddressValid(secret: string): Promise<boolean | undefined> {
  try {
    const res = await fetch(`/api/overlay/${encodeURIComponent(secret)}/state`);
    if (res.status === 404) return false;
    return res.ok ? true : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The overlay's live feed (decision 031). The browser's EventSource reconnects by itself and sends the
 * last event id it saw, so the server resumes after it; when the browser gives up (the stream answered an
 * error), the page opens a new one with `?after=` that id. An alert whose id is not after the last one
 * queued is dropped, so none shows twice. A 404 means the address was replaced: the page stops.
 */
export function useOverlayStream(secret: string, initial: OverlayState | null) {
  const [state, setState] = useState<OverlayState | null>(initial);
  const [queue, setQueue] = useState<QueuedAlert[]>([]);
  const [isRevoked, setIsRevoked] = useState(initial === null);
  /** Counts the control page's "Skip": the alert on screen ends when it changes. */
  const [skips, setSkips] = useState(0);
  const lastId = useRef<string | undefined>(undefined);
  const approvedQueued = useRef(new Set<string>());

  useEffect(() => {
    if (initial === null) return;
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;
    let tests = 0;

    const isNew = (id: string) => lastId.current === undefined || Number(id) > Number(lastId.current);
    const open = () => {
      source = new EventSource(eventsUrl(secret, lastId.current));
      source.addEventListener('ready', (e) => {
        failures = 0;
        if (lastId.current === undefined) lastId.current = (e as MessageEvent).lastEventId;
      });
      source.addEventListener(OVERLAY_EVENTS.state, (e) => setState(JSON.parse((e as MessageEvent).data)));
      source.addEventListener(OVERLAY_EVENTS.skip, (e) => {
        const id = (e as MessageEvent).lastEventId;
        if (isNew(id)) lastId.current = id;
      });
      source.addEventListener(OVERLAY_EVENTS.alert, (e) => {
        const event = e as MessageEvent;
        const alert = JSON.parse(event.data) as OverlayAlert;
        if (alert.isTest || alert.isReplay) {
          tests++;
          setQueue((q) => [...q, { ...alert, key: `extra-${tests}`, seq: null }]);
          return;
        }
        // An approved message comes on every reopened stream until an overlay shows it: queued once here.
        if (alert.approvedId) {
          if (approvedQueued.current.has(alert.approvedId)) return;
          approvedQueued.current.add(alert.approvedId);
          setQueue((q) => [...q, { ...alert, key: `approved-${alert.approvedId}`, seq: null }]);
          return;
        }
        const id = event.lastEventId;
        if (!isNew(id)) return;
        lastId.current = id;
        setQueue((q) => [...q, { ...alert, key: id, seq: Number(id) }]);
      });
      source.addEventListener(OVERLAY_EVENTS.skipCurrent, () => setSkips((n) => n + 1));
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        source.close();
        failures++;
        const delay = Math.min(REOPEN_DELAY_MS.max, REOPEN_DELAY_MS.min * 2 ** (failures - 1));
        reopen = setTimeout(async () => {
          if (isStopped) return;
          if ((await isAddressValid(secret)) === false) {
            setIsRevoked(true);
            return;
          }
          if (!isStopped) open();
        }, delay);
      };
    };
    open();
    return () => {
      isStopped = true;
      clearTimeout(reopen);
      source?.close();
    };
  }, [secret, initial]);

  /** The alert on screen is done: the next one may come. */
  const shift = useCallback(() => setQueue((q) => q.slice(1)), []);
  return { state, alert: queue[0], shift, isRevoked, skips };
}
