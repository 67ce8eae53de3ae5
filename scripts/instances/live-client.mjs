// A signed-in person's browser tab, reduced to what the kill test compares: an EventSource on /api/events
// (the `eventsource` package: the browser's reconnection semantics, `retry` hints included) and the
// screens it keeps fresh the way the web app does (apps/web/src/app/live-events.ts): a `change` event
// refetches what its topic names; every reconnection after the first open refetches everything.
import { setTimeout as sleep } from 'node:timers/promises';
import { EventSource } from 'eventsource';

/** The parts of the user's screens the test compares: wallet balance, gifts received, their conversation. */
const PARTS = {
  wallet: async (api, user) => ({ balanceCents: (await api.get('/api/wallet', user)).balanceCents }),
  received: async (api, user) => ({
    received: (await everyPage(api, '/api/received', user)).map((item) => item.id).sort(),
  }),
  messages: async (api, user) => ({
    messages: (await api.get(`/api/conversations/${user.conversationId}/messages`, user)).messages
      .map((m) => m.id)
      .sort(),
  }),
};
/** Every item of a paged list (decision 027), as scrolling to its end shows them. */
async function everyPage(api, path, user) {
  const items = [];
  let cursor = null;
  do {
    const page = await api.get(`${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, user);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** What a fresh load of the user's screens shows. */
export async function loadState(api, user) {
  return Object.assign({}, ...(await Promise.all(Object.values(PARTS).map((load) => load(api, user)))));
}

const TOPIC_PARTS = { wallet: ['wallet'], received: ['received'], messages: ['messages'] };

/**
 * Opens the user's stream through the balancer and keeps `state` as the screens would show it. Refetches of
 * one part never overlap: a change during one marks the part to be fetched again after it, so the last
 * answer shown is never older than the last event. A failed refetch is retried (TanStack Query retries).
 */
export function openLiveClient({ api, baseUrl, user, onReadError }) {
  const client = {
    user,
    state: {},
    opens: 0,
    /** Set when the stream gave up (a browser's EventSource does not reconnect after a non-200 answer). */
    failed: false,
    errors: 0,
    /** Milliseconds from losing the stream to its next open, per reconnection. */
    reconnectMs: [],
    source: undefined,
  };
  const fetching = new Map(); // part -> { again: boolean }
  const refresh = (part) => {
    const running = fetching.get(part);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    fetching.set(part, entry);
    (async () => {
      for (let failures = 0; ; ) {
        entry.again = false;
        try {
          Object.assign(client.state, await PARTS[part](api, user));
        } catch (err) {
          onReadError(err);
          entry.again = true;
          // As TanStack Query does: wait longer after each failure (1 s, 2 s, 4 s).
          await sleep(1000 * 2 ** Math.min(failures++, 2));
        }
        if (!entry.again) break;
      }
      fetching.delete(part);
    })();
  };
  client.isSettled = () => fetching.size === 0;
  let lostAt;
  const ready = new Promise((resolve, reject) => {
    const source = new EventSource(`${baseUrl}/api/events`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, Cookie: user.cookie } }),
    });
    client.source = source;
    source.addEventListener('open', () => {
      client.opens++;
      if (lostAt !== undefined) client.reconnectMs.push(performance.now() - lostAt);
      lostAt = undefined;
      // The first open is the screens' first load; later ones refetch what may have changed meanwhile.
      for (const part of Object.keys(PARTS)) refresh(part);
    });
    source.addEventListener('ready', () => resolve());
    source.addEventListener('error', () => {
      client.errors++;
      lostAt ??= performance.now();
      if (source.readyState !== source.CLOSED) return;
      client.failed = true;
      reject(new Error(`${user.handle}: the stream failed for good`));
    });
    source.addEventListener('change', (event) => {
      const { topic } = JSON.parse(event.data);
      for (const part of TOPIC_PARTS[topic] ?? []) refresh(part);
    });
  });
  client.ready = ready;
  client.close = () => client.source.close();
  return client;
}
