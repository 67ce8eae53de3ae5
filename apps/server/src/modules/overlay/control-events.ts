import { ANONYMOUS_NAME, OVERLAY_EVENTS, type OverlayAlert } from '@sweetwish/shared/overlay';
import type { Database } from '../../db/client';
import { overlayResumePoint } from '../gifts/gift-messages';
import { approvedUnshownMessages, type GiftWithMessage, giftBySeq } from '../gifts/messages';
import type { OverlayStream } from './hubs';

/** Approved messages sent at once to a stream that opens: more wait for the next approval or reopening. */
const APPROVED_BATCH = 20;

/** The approved messages each open stream was sent already (the page reports each once it shows it). */
const sentApprovals = new WeakMap<OverlayStream, Set<string>>();

function alertOfGift(gift: GiftWithMessage, extra: Pick<OverlayAlert, 'approvedId' | 'isReplay'>): OverlayAlert {
  return {
    kind: gift.type === 'tip' ? 'tip' : 'gift',
    name: gift.buyerName ?? ANONYMOUS_NAME,
    amountCents: gift.costCents,
    wish: gift.product,
    isTest: false,
    message: gift.message,
    ...extra,
  };
}

/**
 * Sends the creator's approved messages that no overlay showed yet (decision 100) to the streams that were
 * not sent them: when one is approved, and to a stream that opens (so a restart loses none). They carry no
 * event id: the gifts' numbering is not theirs. The page reports each once it begins to show it.
 */
export async function sendApprovedAlerts(db: Database, creatorId: string, streams: Iterable<OverlayStream>) {
  const approved = await approvedUnshownMessages(db, creatorId, APPROVED_BATCH);
  for (const stream of streams) {
    const sent = sentApprovals.get(stream) ?? new Set<string>();
    sentApprovals.set(stream, sent);
    for (const gift of approved) {
      if (sent.has(gift.id)) continue;
      sent.add(gift.id);
      const alert = alertOfGift(gift, { approvedId: gift.id, isReplay: false });
      stream.send({ event: OVERLAY_EVENTS.alert, data: JSON.stringify(alert) });
    }
  }
}

/** The control page's "Replay last": the last gift an overlay began to show, again, marked a replay. */
export async function sendReplay(db: Database, creatorId: string, streams: Iterable<OverlayStream>) {
  const seq = await overlayResumePoint(db, creatorId);
  const gift = seq === null ? undefined : await giftBySeq(db, creatorId, seq);
  if (!gift) return;
  const data = JSON.stringify(alertOfGift(gift, { approvedId: null, isReplay: true }));
  for (const stream of streams) stream.send({ event: OVERLAY_EVENTS.alert, data });
}

/** The control page's "Skip": each open overlay ends the alert it is showing and goes on with its queue. */
export function sendSkipCurrent(streams: Iterable<OverlayStream>) {
  for (const stream of streams) stream.send({ event: OVERLAY_EVENTS.skipCurrent, data: '{}' });
}
