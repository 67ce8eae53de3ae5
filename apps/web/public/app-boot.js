// A page the server rendered (decision 042) starts the app on the visitor's first interaction, not while it
// loads: on a phone, running the app at once costs more than the page itself. The app's files are fetched
// once the page has loaded and the main thread is idle (before, they would take the bandwidth the page's
// text and images need), so the app starts in a moment when asked. A click on a control before the app has
// taken over is held and given to it once it has; a link needs no app and is followed at once. A held click
// whose element is gone (the app drew something else) is dropped. Names shared with the server
// (apps/server/src/http/page-html.ts: `data-app-files`, the entry first) and with src/app/server-state.ts
// (the 'sweetwish:app-ready' event).
const files = document.querySelector('script[data-app-files]')?.dataset.appFiles?.split(' ') ?? [];
// A scroll too: the landing page's sections fade in as they come into view, which takes the app.
const STARTERS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'];
let started = false;
let ready = false;
let heldClick = null;

/** After the page has loaded (and when idle): the app's files, and the service worker as the app registers it. */
function afterLoad() {
  navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => {});
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

function start() {
  if (started || files.length === 0) return;
  started = true;
  for (const type of STARTERS) window.removeEventListener(type, start, true);
  import(files[0]);
}

// Once the page has loaded and the main thread is free: compiling the app's files right at load took the
// phone's main thread from the page and the visitor's first scroll (Lighthouse's blocking time). Safari has
// no requestIdleCallback: a timeout stands in.
const whenIdle = (task) =>
  window.requestIdleCallback ? requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1);
const afterLoadWhenIdle = () => whenIdle(afterLoad);
if (document.readyState === 'complete') afterLoadWhenIdle();
else window.addEventListener('load', afterLoadWhenIdle, { once: true });

for (const type of STARTERS) window.addEventListener(type, start, { capture: true, passive: true });

window.addEventListener(
  'click',
  (event) => {
    if (ready || !(event.target instanceof Element) || event.target.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    heldClick = event.target;
    start();
  },
  true,
);

// Text typed before the app took over is handed to it by the app itself (main.tsx), as it takes the page over.
window.addEventListener(
  'sweetwish:app-ready',
  () => {
    ready = true;
    // An event, not `click()`: the target may be an icon's <svg> or <path>, which has no click().
    if (heldClick?.isConnected) {
      heldClick.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    }
    heldClick = null;
  },
  { once: true },
);
