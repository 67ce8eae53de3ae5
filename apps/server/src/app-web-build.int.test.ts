import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../test/app-harness';
import { openFreshDatabase } from '../test/databases';
import { completeProfile, signInByPhone } from '../test/sign-in-helpers';
import type { DatabaseHandle } from './db/client';

describe('the built web app', () => {
  let database: DatabaseHandle;
  let distDir: string;
  beforeAll(async () => {
    database = await openFreshDatabase('pglite');
    await database.migrate();
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><head><title>Sweetwish</title><meta name="description" content="The app" /><script type="module" src="/assets/index-AbC123.js"></script></head><div id="root"></div>',
    );
    fs.mkdirSync(path.join(distDir, '.vite'));
    fs.writeFileSync(
      path.join(distDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-AbC123.js', imports: [] },
        'src/features/marketing/routes/landing.tsx': {
          file: 'assets/landing-L1.js',
          imports: ['_Box-B1.js', 'index.html'],
        },
        '_Box-B1.js': { file: 'assets/Box-B1.js' },
        'src/app/app-shell.tsx': { file: 'assets/app-shell-S1.js', imports: ['index.html'] },
        'src/features/accounts/routes/sign-in.tsx': { file: 'assets/sign-in-I1.js', imports: ['_Box-B1.js'] },
        'src/features/profiles/routes/public-profile.tsx': { file: 'assets/public-profile-P1.js' },
        'src/features/wishes-public/routes/wish-page.tsx': { file: 'assets/wish-page-W1.js' },
      }),
    );
    fs.writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *');
    fs.writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js.br'), zlib.brotliCompressSync('console.log(1)'));
  });
  afterAll(async () => {
    fs.rmSync(distDir, { recursive: true, force: true });
    await database.close();
  });

  it('serves hashed assets with a year-long cache', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const res = await app.request('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const res = await app.request('/assets/index-AbC123.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe('console.log(1)');
  });

  it('answers any page path with index.html, revalidated each time', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    for (const url of ['/', '/why', '/some_creator', '/x/123']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it("preloads the landing screen's chunks on the landing page only", async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const landing = await (await app.request('/')).text();
    expect(landing).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-L1.js">');
    expect(landing).toContain('<link rel="modulepreload" crossorigin href="/assets/Box-B1.js">');
    // The entry is already a script of the page: no second link for it.
    expect(landing.match(/index-AbC123\.js/g)).toHaveLength(1);
    expect(await (await app.request('/why')).text()).not.toContain('modulepreload');
  });

  it("preloads the app shell and the screen's chunks on the sign-in pages, and on a creator's or wish's page that exists", async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const preloads = async (url: string) =>
      [...(await (await app.request(url)).text()).matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(await preloads('/sign-in')).toEqual([
      '/assets/app-shell-S1.js',
      '/assets/sign-in-I1.js',
      '/assets/Box-B1.js',
    ]);
    expect(await preloads('/join/friend42')).toContain('/assets/sign-in-I1.js');

    const cookie = await signInByPhone(app);
    const handle = `pre_${Date.now().toString(36)}`;
    await completeProfile(app, cookie, { handle, displayName: 'Preload Star' });
    expect(await preloads(`/${handle}`)).toEqual(['/assets/app-shell-S1.js', '/assets/public-profile-P1.js']);
    const wish = (await (
      await app.request('/api/wishes', {
        method: 'POST',
        headers: jsonHeaders({ cookie }),
        body: JSON.stringify({ name: 'Tea set', cost: 45 }),
      })
    ).json()) as { id: string };
    expect(await preloads(`/x/${wish.id}`)).toEqual(['/assets/app-shell-S1.js', '/assets/wish-page-W1.js']);

    // A creator or wish that does not exist gets the not-found screen: nothing to preload.
    expect(await preloads('/no_such_creator')).toEqual([]);
    expect(await preloads('/x/00000000-0000-4000-8000-000000000000')).toEqual([]);

    // The API answers the screen's loader waits for come with the page.
    const dataPreloads = async (url: string) =>
      [...(await (await app.request(url)).text()).matchAll(/rel="preload" as="fetch" crossorigin href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    expect(await dataPreloads('/sign-in')).toEqual(['/api/me', '/api/public-config']);
    expect(await dataPreloads(`/${handle}`)).toEqual([
      '/api/me',
      `/api/users/${handle}/page`,
      `/api/users/${handle}/wall?limit=10`,
    ]);
    expect(await dataPreloads(`/x/${wish.id}`)).toEqual(['/api/me', `/api/wishes/${wish.id}`]);
    expect(await dataPreloads('/no_such_creator')).toEqual([]);
  });

  it('gives a creator page its own preview tags, escaping what the creator wrote', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const cookie = await signInByPhone(app);
    const handle = `og_${Date.now().toString(36)}`;
    await completeProfile(app, cookie, { handle, displayName: 'Preview Star' });
    await app.request('/api/profile', {
      method: 'PATCH',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ description: 'Hi "friends" <script>alert(1)</script>' }),
    });
    const html = await (await app.request(`/${handle}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Preview Star (@${handle}) · Sweetwish" />`);
    expect(html).toContain(`<meta property="og:url" content="http://localhost:5172/${handle}" />`);
    expect(html).toContain(
      '<meta name="description" content="Hi &quot;friends&quot; &lt;script&gt;alert(1)&lt;/script&gt;" />',
    );
    expect(html).not.toContain('<script>alert(1)');

    const wish = (await (
      await app.request('/api/wishes', {
        method: 'POST',
        headers: jsonHeaders({ cookie }),
        body: JSON.stringify({ name: 'Film camera', cost: 1200 }),
      })
    ).json()) as { id: string };
    const wishHtml = await (await app.request(`/x/${wish.id}`)).text();
    expect(wishHtml).toContain('<title>Film camera · Sweetwish</title>');
    expect(wishHtml).toContain("$1,200 on Preview Star's wishlist. Thank you!");
  });

  it('redirects a past handle to the current one, keeping /tip', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const cookie = await signInByPhone(app);
    const old = `old_${Date.now().toString(36)}`;
    await completeProfile(app, cookie, { handle: old, displayName: 'Moving Star' });
    const next = `new_${Date.now().toString(36)}`;
    await app.request('/api/profile/handle', {
      method: 'PUT',
      headers: jsonHeaders({ cookie }),
      body: JSON.stringify({ handle: next }),
    });
    const res = await app.request(`/${old}/tip`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/${next}/tip`);
    const unknown = await app.request('/no_such_creator');
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain('og:title');
  });

  it('serves other public files as they are', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    expect(await (await app.request('/robots.txt')).text()).toBe('User-agent: *');
  });

  it('answers a missing asset with a 404, not the page', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const res = await app.request('/assets/index-Old999.js');
    expect(res.status).toBe(404);
  });

  it('never answers an unknown API route with the page', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const res = await app.request('/api/whatever');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
