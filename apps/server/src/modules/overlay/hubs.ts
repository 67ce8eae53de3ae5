import { OVERLAY_EVENTS, type OverlayAlert, type OverlayState } from '@sweetwish/shared/overlay';
import type { ChangeFeed } from '../../changes/change-feed';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { giftsAfter } from '../gifts/service';
import { sendApprovedAlerts, sendReplay, sendSkipCurrent } from './control-events';
import type { OverlayRow } from './repo';
import { alertOf, findOverlay, overlayState, TEST_ALERT } from './service';

/** Gifts read per query while catching up. */
const PAGE = 100;
/** After a failed read, the hub tries again this much later (the gifts are in the table, not lost). */
const RETRY_MS = 1_000;

export type OverlayEvent = { event: string; data: string; id?: string };

/** One open overlay stream: where it is in the creator's gifts, and how to write to it. */
export type OverlayStream = {
  /** The number of the last gift this stream was sent (shown or skipped). */
  cursor: number;
  /** The secret it was opened with: when it is no longer the creator's, the stream ends. */
  secret: string;
  /** Writes an event after those written before (in order). */
  send: (event: OverlayEvent) => void;
  /** Ends the stream: its secret was replaced, or the account went. */
  close: () => void;
  needsState: boolean;
};

type Hub = {
  creatorId: string;
  streams: Set<OverlayStream>;
  row: OverlayRow | undefined;
  isRowStale: boolean;
  isPulling: boolean;
  isDirty: boolean;
  /** A test alert was asked for: sent once the row is fresh, so alerts just turned on show it. */
  hasTestAlert: boolean;
  retry: NodeJS.Timeout | undefined;
};

export type OverlayHubs = {
  /** Adds an open stream of the creator's overlay; it is sent every gift after its cursor. */
  join: (creatorId: string, row: OverlayRow, stream: OverlayStream) => void;
  leave: (creatorId: string, stream: OverlayStream) => void;
  /** Open streams on this instance (the benchmark and tests). */
  size: () => number;
};

const stateEvent = (state: OverlayState): OverlayEvent => ({
  event: OVERLAY_EVENTS.state,
  data: JSON.stringify(state),
});
const alertEvent = (alert: OverlayAlert, id?: number): OverlayEvent => ({
  event: OVERLAY_EVENTS.alert,
  data: JSON.stringify(alert),
  ...(id === undefined ? {} : { id: String(id) }),
});

/**
 * The open overlays of this instance, grouped by creator (decision 031). The change feed says when a
 * creator received a gift (on any instance); the creator's hub then reads the gifts after the furthest-behind
 * stream's cursor, once for all its streams, and sends each stream those after its own cursor: every gift
 * once, in order, whatever the stream missed while it was away. Nothing is kept in memory that the table
 * does not hold: a restarted instance starts from each reconnecting overlay's Last-Event-ID.
 */
export function createOverlayHubs(
  db: Database,
  changes: ChangeFeed,
  logger: Logger,
  // Tests hold a read open with their own; everything else reads the table.
  readOverlay: typeof findOverlay = findOverlay,
): OverlayHubs {
  const hubs = new Map<string, Hub>();

  async function pullOnce(hub: Hub) {
    if (hub.isRowStale) {
      hub.isRowStale = false;
      const before = JSON.stringify(hub.row);
      hub.row = await readOverlay(db, hub.creatorId);
      // Only a changed row is news to every stream; a new stream is sent the state anyway.
      const isChanged = JSON.stringify(hub.row) !== before;
      for (const stream of hub.streams) {
        if (hub.row?.secret !== stream.secret) stream.close();
        else if (isChanged) stream.needsState = true;
      }
    }
    const row = hub.row;
    if (!row) return;
    // A row made stale during its own read may predate the settings the test was asked under: next pass.
    if (hub.hasTestAlert && !hub.isRowStale) {
      hub.hasTestAlert = false;
      if (row.showAlerts) for (const stream of hub.streams) stream.send(alertEvent(TEST_ALERT));
    }
    let hasNewGifts = false;
    for (;;) {
      const streams = [...hub.streams];
      if (streams.length === 0) return;
      const from = Math.min(...streams.map((s) => s.cursor));
      const { gifts, isFull } = await giftsAfter(db, hub.creatorId, from, PAGE);
      for (const gift of gifts) {
        const alert = alertOf(row, gift);
        const event = alert
          ? alertEvent(alert, gift.seq)
          : { event: OVERLAY_EVENTS.skip, data: '{}', id: String(gift.seq) };
        for (const stream of streams) {
          if (gift.seq <= stream.cursor) continue;
          stream.cursor = gift.seq;
          stream.send(event);
        }
      }
      if (gifts.length > 0) hasNewGifts = true;
      if (!isFull) break;
    }
    const waiting = [...hub.streams].filter((s) => hasNewGifts || s.needsState);
    if (waiting.length === 0) return;
    const event = stateEvent(await overlayState(db, row));
    for (const stream of waiting) {
      stream.needsState = false;
      stream.send(event);
    }
  }

  /** One read at a time per creator; a change heard meanwhile makes it read again once it is done. */
  async function pull(hub: Hub) {
    if (hub.isPulling) {
      hub.isDirty = true;
      return;
    }
    hub.isPulling = true;
    try {
      do {
        hub.isDirty = false;
        await pullOnce(hub);
      } while (hub.isDirty);
    } catch (err) {
      logger.error({ err }, 'overlay: could not read the gifts; trying again');
      hub.retry ??= setTimeout(() => {
        hub.retry = undefined;
        void pull(hub);
      }, RETRY_MS);
    } finally {
      hub.isPulling = false;
    }
  }

  function refreshRow(hub: Hub) {
    hub.isRowStale = true;
    void pull(hub);
  }

  /** What the control page asked for (decision 100, control-events.ts). */
  function onControl(hub: Hub, action: 'approved' | 'skip-current' | 'replay-last' | 'settings') {
    const failed = (err: unknown) => logger.error({ err }, 'overlay: could not send a control event');
    if (action === 'skip-current') sendSkipCurrent(hub.streams);
    else if (action === 'approved') sendApprovedAlerts(db, hub.creatorId, [...hub.streams]).catch(failed);
    else if (action === 'replay-last') sendReplay(db, hub.creatorId, [...hub.streams]).catch(failed);
    else {
      for (const stream of hub.streams) stream.needsState = true;
      void pull(hub);
    }
  }

  changes.subscribe((change) => {
    if (change.topic === 'resync') {
      for (const hub of hubs.values()) refreshRow(hub);
      return;
    }
    if (!('userId' in change)) return;
    const hub = hubs.get(change.userId);
    if (!hub) return;
    if (change.topic === 'received') void pull(hub);
    else if (change.topic === 'overlay-control') onControl(hub, change.action);
    else if (change.topic === 'overlay' && change.what === 'test') {
      // Through the hub's one read at a time: a settings change heard just before is read first.
      hub.hasTestAlert = true;
      void pull(hub);
    } else if (
      change.topic === 'overlay' ||
      change.topic === 'account-deleted' ||
      change.topic === 'account-suspended' ||
      change.topic === 'wishes'
    ) {
      refreshRow(hub);
    }
  });

  return {
    join(creatorId, row, stream) {
      let hub = hubs.get(creatorId);
      if (!hub) {
        hub = {
          creatorId,
          streams: new Set(),
          row,
          isRowStale: false,
          isPulling: false,
          isDirty: false,
          hasTestAlert: false,
          retry: undefined,
        };
        hubs.set(creatorId, hub);
      }
      hub.streams.add(stream);
      // The row may have changed between the stream's lookup and now: read it again with the gifts.
      refreshRow(hub);
      sendApprovedAlerts(db, creatorId, [stream]).catch((err) =>
        logger.error({ err }, 'overlay: could not send the approved alerts'),
      );
    },
    leave(creatorId, stream) {
      const hub = hubs.get(creatorId);
      if (!hub) return;
      hub.streams.delete(stream);
      if (hub.streams.size === 0) {
        clearTimeout(hub.retry);
        hubs.delete(creatorId);
      }
    },
    size: () => [...hubs.values()].reduce((n, hub) => n + hub.streams.size, 0),
  };
}
