// A page the server drew whole (decision 052) is hydrated on the visitor's first interaction, not while it
// loads: on a phone, running the app's code at once costs more than drawing the page itself (Lighthouse
// mobile 67-93 hydrating at once or when idle, against 99-100). The app's files are fetched once the page has
// loaded and the main thread is idle, so the code is at hand when the visitor moves, touches, scrolls or
// types; React replays a click that comes once hydration has begun. Before that the page works as a page:
// its links ("Send a Quick Tip", the wishes, the logo) are followed as links, and its one form (accepting
// the terms) is posted. Names shared with the server (apps/server/src/http/page-html.ts): `data-app-files`,
// the entry first, and `data-interaction-files`, fetched on the first interaction while the entry runs (the
// query library: the app needs it to run, the page not to be seen; decision 081).
const boot = document.querySelector('script[data-app-files]')?.dataset;
const files = boot?.appFiles?.split(' ') ?? [];
const interactionFiles = boot?.interactionFiles?.split(' ') ?? [];
const STARTERS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'];
let started = false;

function start() {
  if (started || files.length === 0) return;
  started = true;
  for (const type of STARTERS) window.removeEventListener(type, start, true);
  interactionFiles.forEach(preload);
  import(files[0]);
}

/** Fetches and compiles a module without running it. */
function preload(href) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

/** After the page has loaded (and when idle): the app's files, and the service worker as the app registers it. */
function afterLoad() {
  navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => {});
  files.forEach(preload);
}

// Safari has no requestIdleCallback: a timeout stands in.
const whenIdle = (task) =>
  window.requestIdleCallback ? requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1);
if (document.readyState === 'complete') whenIdle(afterLoad);
else window.addEventListener('load', () => whenIdle(afterLoad), { once: true });

for (const type of STARTERS) window.addEventListener(type, start, { capture: true, passive: true });
