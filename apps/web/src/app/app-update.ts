/**
 * The installable app's service worker (decision 026), loaded after the page so that no first visit pays
 * for it. When a new version has installed while an older one controls the page, the user is asked
 * first ("A new version is available"), so nothing reloads under someone typing.
 */

/** Checks for a new version at most this often, when the app comes back into view. */
const CHECK_INTERVAL_MS = 30 * 60 * 1000;

async function offer(worker: ServiceWorker) {
  const { showUpdatePrompt } = await import('../components/update-prompt');
  showUpdatePrompt(() => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage('skip-waiting');
  });
}

export async function startAppUpdates() {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (!registration) return;
  let isOffered = false;
  // Only an update replaces a controlling worker: the first install has nothing to reload from.
  const offerWhenInstalled = (worker: ServiceWorker | null) => {
    const check = () => {
      if (isOffered || !worker || worker.state !== 'installed' || !navigator.serviceWorker.controller) return;
      isOffered = true;
      void offer(worker);
    };
    check();
    worker?.addEventListener('statechange', check);
  };
  offerWhenInstalled(registration.waiting ?? registration.installing);
  registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
  let checkedAt = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checkedAt < CHECK_INTERVAL_MS) return;
    checkedAt = Date.now();
    registration.update().catch(() => undefined);
  });
}
