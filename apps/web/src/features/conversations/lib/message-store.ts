import type { Message, MessageChanges, MessagePage } from '@sweetwish/shared/conversations';

/**
 * What the conversation screen holds of a conversation's messages: a window of them, sorted by seq (each
 * once, by id), whether older ones exist beyond it, and the version it is in sync with.
 *
 * How it neither repeats nor skips a message while new ones arrive (issue 6, item 3):
 * - the first page (the newest 30) and every answer of /changes carry the conversation's version, read
 *   before their messages; asking for changes since that version returns everything that changed after it,
 *   possibly some messages again, which the merge by id absorbs;
 * - older pages are asked for `before` the smallest seq held, a cursor new messages cannot move, and do not
 *   touch the version: their version may be newer than what the store has seen of the newest messages;
 * - a message held twice keeps its most recent state (the higher version).
 */
export type MessageStore = {
  messages: Message[];
  hasOlder: boolean;
  version: number;
};

/** Upserts `incoming` into `held` by id, keeping each message's newest version, sorted by seq. */
export function mergeMessages(held: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(held.map((message) => [message.id, message]));
  for (const message of incoming) {
    const current = byId.get(message.id);
    if (!current || message.version >= current.version) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A store started (or started again) from the first page: the newest messages. */
export function storeOfFirstPage(page: MessagePage): MessageStore {
  return { messages: mergeMessages([], page.messages), hasOlder: page.hasOlder, version: page.version };
}

/**
 * An older page, asked for `before` the smallest seq the store held then. Ignored when the store has moved
 * meanwhile (it was reloaded from scratch), so that no gap opens between the page and what is held.
 */
export function withOlderPage(store: MessageStore, page: MessagePage, before: number): MessageStore {
  if (oldestSeq(store) !== before) return store;
  return { ...store, messages: mergeMessages(store.messages, page.messages), hasOlder: page.hasOlder };
}

/** Messages sent or changed since the store's version: upserted, and the store is now in sync with theirs. */
export function withChanges(store: MessageStore, changes: MessageChanges): MessageStore {
  return {
    ...store,
    messages: mergeMessages(store.messages, changes.messages),
    version: Math.max(store.version, changes.version),
  };
}

/**
 * One message the viewer just sent, reacted to or unlocked (the answer of that call). The version stays:
 * changes made meanwhile by the other participant are still to be fetched.
 */
export function withMessage(store: MessageStore, message: Message): MessageStore {
  return { ...store, messages: mergeMessages(store.messages, [message]) };
}

/** The cursor for the next older page: the smallest seq held. */
export function oldestSeq(store: MessageStore): number | undefined {
  return store.messages[0]?.seq;
}
