// Sequential API round trips before a page shows its content (decision 025), for /{handle} and /x/{id}: a
// visitor's first load in a fresh Chromium on a throttled mobile profile (Lighthouse's: 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower). Every /api request that ended before the content was on
// screen is recorded; a request that started only after another ended waited for it, so the longest such
// chain is the number of round trips the page waited for (target: one). The event stream is left out: it
// never ends and no content waits for it.
import { chromium } from 'playwright-core';

const MOBILE = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 };
const CONTENT_TIMEOUT_MS = 60_000;
const UNTIMED_PATHS = ['/api/events', '/api/client-errors'];

/**
 * Measures both pages on the running server at `url`, whose creator `handle` has wishes. Answers
 * `{ profile, wish }`, each `{ roundTrips, requests, contentMs }`.
 */
export async function measureRoundTrips({ url, handle, chromePath }) {
  const page = await fetch(`${url}/api/users/${encodeURIComponent(handle)}/page`).then((res) => res.json());
  const wish = page.wishes.find((w) => !w.archived) ?? page.wishes[0];
  if (!wish) throw new Error('round trips: the bench creator has no wish');
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    return {
      profile: await measurePage(browser, `${url}/${encodeURIComponent(handle)}`, page.profile.displayName),
      wish: await measurePage(browser, `${url}/x/${encodeURIComponent(wish.id)}`, wish.name),
    };
  } finally {
    await browser.close();
  }
}

/** One first load of `address` in a new context (empty cache), until `contentText` is visible. */
async function measurePage(browser, address, contentText) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latencyMs,
      downloadThroughput: (MOBILE.downloadKbps * 1000) / 8,
      uploadThroughput: (MOBILE.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });

    const requests = new Map();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && !UNTIMED_PATHS.includes(pathname)) {
        requests.set(request, { path: pathname, start: performance.now(), end: undefined });
      }
    });
    const ended = (request) => {
      const entry = requests.get(request);
      if (entry) entry.end = performance.now();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);

    const began = performance.now();
    await page.goto(address, { waitUntil: 'commit' });
    await page.getByText(contentText, { exact: true }).first().waitFor({ timeout: CONTENT_TIMEOUT_MS });
    const shownAt = performance.now();
    const before = [...requests.values()].filter((entry) => entry.end !== undefined && entry.end <= shownAt);
    return {
      roundTrips: longestChain(before),
      requests: before.map((entry) => entry.path),
      contentMs: Math.round(shownAt - began),
    };
  } finally {
    await context.close();
  }
}

/** The most requests in a row where each started after the one before it had ended. */
export function longestChain(entries) {
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  const depth = sorted.map(() => 1);
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      if (sorted[j].end <= sorted[i].start) depth[i] = Math.max(depth[i], depth[j] + 1);
    }
  }
  return Math.max(0, ...depth);
}
