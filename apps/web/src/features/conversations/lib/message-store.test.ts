import { describe, expect, it } from 'vitest';
import {
  type MessageStore,
  mergeMessages,
  oldestSeq,
  storeOfFirstPage,
  withChanges,
  withMessage,
  withOlderPage,
} from './message-store';
import { testMessage as message } from './test-message';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const seqs = (store: MessageStore) => store.messages.map((m) => m.seq);

describe('mergeMessages', () => {
  it('sorts by seq whatever order the messages come in', () => {
    expect(mergeMessages([message(3), message(1)], [message(2)]).map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('holds each message once, in its newest state', () => {
    const hearted = message(2, { version: 9, participantReaction: 'heart' });
    const merged = mergeMessages([message(1), hearted], [message(2), message(3)]);
    expect(merged.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);
    // The page read before the heart does not take it away again.
    expect(merged[1]).toBe(hearted);
    expect(mergeMessages([message(2)], [hearted])[0]).toBe(hearted);
  });
});

describe('the message store', () => {
  it('starts from the newest page', () => {
    const store = storeOfFirstPage({ messages: range(71, 100), hasOlder: true, version: 104 });
    expect(seqs(store)).toEqual(range(71, 100).map((m) => m.seq));
    expect(store).toMatchObject({ hasOlder: true, version: 104 });
    expect(oldestSeq(store)).toBe(71);
  });

  it('pages back from the smallest seq held and keeps the version it is in sync with', () => {
    let store = storeOfFirstPage({ messages: range(71, 100), hasOlder: true, version: 100 });
    // Older pages may be read after new messages came: their version must not skip those.
    store = withOlderPage(store, { messages: range(41, 70), hasOlder: true, version: 103 }, 71);
    expect(store.version).toBe(100);
    expect(oldestSeq(store)).toBe(41);
    store = withOlderPage(store, { messages: range(1, 40), hasOlder: false, version: 103 }, 41);
    expect(seqs(store)).toEqual(range(1, 100).map((m) => m.seq));
    expect(store.hasOlder).toBe(false);
  });

  it('drops an older page when the store was reloaded meanwhile, so no gap opens', () => {
    const reloaded = storeOfFirstPage({ messages: range(571, 600), hasOlder: true, version: 600 });
    const late = withOlderPage(reloaded, { messages: range(41, 70), hasOlder: true, version: 600 }, 71);
    expect(late).toBe(reloaded);
  });

  it('adds what changed since its version, repeated messages included, without duplicates', () => {
    let store = storeOfFirstPage({ messages: range(1, 30), hasOlder: false, version: 30 });
    // Message 31 came while the page was read: the changes since 30 bring it again with 32.
    store = withMessage(store, message(31, { isMine: true }));
    expect(store.version).toBe(30);
    store = withChanges(store, {
      messages: [message(5, { version: 33, participantReaction: 'heart' }), message(31, { isMine: true }), message(32)],
      version: 33,
      isComplete: true,
    });
    expect(seqs(store)).toEqual(range(1, 32).map((m) => m.seq));
    expect(new Set(store.messages.map((m) => m.id)).size).toBe(32);
    expect(store.messages[4]?.participantReaction).toBe('heart');
    expect(store.version).toBe(33);
  });

  it('never moves its version back', () => {
    const store = storeOfFirstPage({ messages: range(1, 3), hasOlder: false, version: 8 });
    expect(withChanges(store, { messages: [], version: 5, isComplete: true }).version).toBe(8);
  });
});
