import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

// The installable app (issue 21, decision 026): Chromium's own installability check, the service worker,
// the offline screen and the update prompt. Every other spec runs with the service worker on too (it
// registers on each first page load), so sign-in, live events and the card checkout are exercised under it.

async function controlledPage(page: Page, path = '/') {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The first load registers the worker; it takes control of the page at once (clients.claim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL in the worker's caches. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('passes Chromium’s installability check with a manifest, its icons and a service worker', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium offers no install in a private window, and every test context is one: this check runs in a
  // browser with a profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-install-'));
  const browser = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const installing = await browser.newPage();
    await controlledPage(installing);
    const cdp = await browser.newCDPSession(installing);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  const body = (await manifest.json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ name: 'Sweetwish', display: 'standalone', start_url: '/home' });
  for (const icon of body.icons.filter((i) => i.src.endsWith('.png'))) {
    const [width, height] = icon.sizes.split('x').map(Number);
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    expect(pngSize(await png.body())).toEqual({ width, height });
  }
  // The worker script is revalidated on every check, so a release reaches everyone.
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
});

test('shows the offline screen for a page it cannot load, and keeps no API answer', async ({ page, context }) => {
  await controlledPage(page);
  await page.goto('/why');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: "You're Offline" })).toBeVisible();
  expect(page.url()).toMatch(/\/search$/);

  // Trying again while still offline shows the same screen; once online, it loads the page.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: "You're Offline" })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('textbox', { name: 'Search users' })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're Offline" })).toHaveCount(0);

  const urls = await cachedUrls(page);
  expect(urls).toContain('/offline.html');
  expect(urls.some((url) => url.startsWith('/assets/'))).toBe(true);
  expect(urls.filter((url) => /^\/(api|media|dev|sandbox|v1)\b/.test(url))).toEqual([]);
});

/**
 * A release, as the browser sees one: a proxy in front of the e2e server whose /sw.js gains new bytes on
 * `release()`. Playwright cannot route the browser's own update check of a worker script (its issue 14711),
 * and a proxy on another port is another origin, so no other test's worker is touched.
 */
async function releasingProxy(target: string) {
  let releases = 0;
  const server = http.createServer((request, response) => {
    const headers = { ...request.headers, host: new URL(target).host };
    delete headers['accept-encoding'];
    const upstream = http.request(
      new URL(request.url ?? '/', target),
      { method: request.method, headers },
      (answer) => {
        if (request.url !== '/sw.js' || releases === 0) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = `${Buffer.concat(chunks).toString()}\n// release ${releases}\n`;
          const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, rest);
          response.end(body);
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    release: () => {
      releases += 1;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('offers a new version once it has installed, and reloads into it when asked', async ({ page, baseURL }) => {
  const proxy = await releasingProxy(baseURL as string);
  try {
    await controlledPage(page, `${proxy.origin}/why`);
    proxy.release();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByText('A new version is available');
    await expect(prompt).toBeVisible();
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    expect(waiting).toBe('installed');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toHaveCount(0);
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
    });
    expect(state).toEqual({ waiting: null, active: 'activated' });
  } finally {
    await proxy.close();
  }
});
