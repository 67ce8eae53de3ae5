// @ts-check
/// <reference lib="webworker" />
// The service worker of the installable app (decision 026). Vite's build writes it to /sw.js with this
// build's version and app shell filled in (vite.config.ts), so every release is a new worker the page can
// offer to reload into. It caches only the app's own static files: never an API answer (personal data),
// never an upload, never the local outbox or card sandbox, never another origin.

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = '__SW_VERSION__';
/** The app shell: the entry script and styles, the offline page, icons and manifest. */
const SHELL = /** @type {string[]} */ (__SW_SHELL__);
const CACHE = `sweetwish-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** Paths this worker leaves to the network untouched (their answers are live, personal or local-only). */
const PASS_THROUGH = /^\/(api|dev|sandbox|v1|media|metrics|overlay)(\/|$)/;

worker.addEventListener('install', (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

worker.addEventListener('activate', (/** @type {ExtendableEvent} */ event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

// The page asks for the new version only when the user chose to reload ("A new version is available").
worker.addEventListener('message', (/** @type {ExtendableMessageEvent} */ event) => {
  if (event.data === 'skip-waiting') worker.skipWaiting();
});

worker.addEventListener('fetch', (/** @type {FetchEvent} */ event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || PASS_THROUGH.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

/** Hashed assets never change under one name: the cached copy is the right one. */
async function cacheFirst(/** @type {Request} */ request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function offlinePage() {
  const cached = await caches.match(OFFLINE_PAGE);
  return cached ?? new Response("You're offline.", { status: 503, headers: { 'Content-Type': 'text/plain' } });
}

// Web push (decision 029): the server sends what its text or e-mail says (title, body, a path of this site
// to open), encrypted to this browser. A push is always shown (userVisibleOnly); the tag makes a message
// delivered twice replace itself rather than show twice.
worker.addEventListener('push', (/** @type {PushEvent} */ event) => {
  /** @type {{ title?: unknown; body?: unknown; url?: unknown; tag?: unknown }} */
  let data = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Sweetwish';
  event.waitUntil(
    worker.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: sameOriginPath(data.url) },
    }),
  );
});

// A tap on the notification: a window of the app already open goes to the page and comes to the front;
// otherwise a new one opens there.
worker.addEventListener('notificationclick', (/** @type {NotificationEvent} */ event) => {
  event.notification.close();
  const path = sameOriginPath(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const target = new URL(path, worker.location.origin).href;
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target) ?? windows[0];
      if (open) {
        const focused = await open.focus();
        // navigate() works only in a window this worker controls; any other opens the page anew.
        if (focused.url !== target) await focused.navigate(target).catch(() => worker.clients.openWindow(target));
        return;
      }
      await worker.clients.openWindow(target);
    })(),
  );
});

/** A path of this site, or /home: a push never opens another origin (nor javascript: or data:). */
function sameOriginPath(/** @type {unknown} */ value) {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/home';
  const url = new URL(value, worker.location.origin);
  return url.origin === worker.location.origin ? url.pathname + url.search + url.hash : '/home';
}
