import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders, TEST_ORIGIN } from '../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../test/databases';
import { completeProfile, signInByPhone } from '../test/sign-in-helpers';
import type { DatabaseHandle } from './db/client';
import { solidImage } from './modules/media/test-images';
import { pageMeta } from './modules/sharing/page-meta';

async function errorOf(res: Response) {
  return ((await res.json()) as ApiErrorBody).error;
}

describe.each(databaseKinds())('HTTP API on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('answers the health check after asking the database', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { app } = await buildTestApp(database);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await app.request('/api/no-such-thing', { method, headers: jsonHeaders() });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await errorOf(res)).code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with a 400', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: '{"message": ',
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toHaveProperty('body');
  });

  it('answers a body that fails its schema with a 400 naming the field', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'boom', url: 42 }),
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual(['url']);
    expect(error.message).toMatch(/^url: /);
  });

  it('answers a body over the size limit with a 413', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'x'.repeat(100_000), url: '/' }),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("logs a client's error report with the request id", async () => {
    const { app, logLines } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'Cannot read properties of undefined', url: 'http://localhost/x' }),
    });
    expect(res.status).toBe(204);
    const requestId = res.headers.get('x-request-id');
    const line = logLines.find((l) => l.msg === 'client error');
    expect(line).toMatchObject({ requestId, clientError: { message: 'Cannot read properties of undefined' } });
  });

  it('takes an image upload past the JSON body limit and serves it with the media policy', async () => {
    const { app } = await buildTestApp(database);
    const cookie = await signInByPhone(app);
    const form = new FormData();
    form.set('kind', 'wish');
    form.set('file', new Blob([new Uint8Array(await solidImage(1600, 1200, 'png'))], { type: 'image/png' }), 'big.png');
    const res = await app.request('/api/media/images', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: cookie },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const file = await app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect((await app.request('/media/images/users/nobody/missing.jpg')).status).toBe(404);
  });

  it('publishes an OpenAPI document built from the shared schemas', async () => {
    const { app } = await buildTestApp(database);
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { required: string[] }> };
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/client-errors']));
    expect(doc.components.schemas.ClientErrorReport?.required).toEqual(['message', 'url']);
  });
});

describe('an unexpected error', () => {
  let failingDatabase: DatabaseHandle;
  beforeAll(async () => {
    const real = await openFreshDatabase('pglite');
    failingDatabase = {
      ...real,
      ping: async () => {
        throw new Error('relation "secret_table" does not exist: select password from secret_table');
      },
    };
  });
  afterAll(() => failingDatabase.close());

  it('is a 500 with a request id and no stack trace or SQL', async () => {
    const { app, logLines } = await buildTestApp(failingDatabase);
    const res = await app.request('/api/health');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret_table|select|password|at .*\.ts/i);
    const body = JSON.parse(text) as ApiErrorBody;
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    // The details go to the log instead, under the same request id.
    const logged = logLines.find((l) => l.msg === 'unhandled error');
    expect(logged?.requestId).toBe(body.error.requestId);
    expect(JSON.stringify(logged)).toContain('secret_table');
  });

  it('puts the request id on every log line of the request', async () => {
    const { app, logLines } = await buildTestApp(failingDatabase);
    const res = await app.request('/api/health');
    const requestId = res.headers.get('x-request-id');
    expect(logLines.length).toBeGreaterThanOrEqual(2);
    for (const line of logLines) expect(line.requestId).toBe(requestId);
  });
});

describe('security headers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase('pglite');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('are on API answers, error answers and pages alike', async () => {
    const { app } = await buildTestApp(database);
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const res = await app.request(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('refuse a state-changing request from another origin', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ message: 'x', url: '/' }),
    });
    expect(res.status).toBe(403);
  });

  it('include HSTS when the public address is HTTPS on a real host', async () => {
    const { app } = await buildTestApp(database, { env: { PUBLIC_URL: 'https://sweetwish.app' } });
    const res = await app.request('/api/health');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

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
    expect(await dataPreloads(`/${handle}`)).toEqual(['/api/me', `/api/users/${handle}/page`]);
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

/** What the server sends in #root for a screen it does not draw whole (decision 052). */
const PLACEHOLDER = '<i>placeholder</i>';

describe('the pages the server renders', () => {
  let database: DatabaseHandle;
  let distDir: string;
  beforeAll(async () => {
    database = await openFreshDatabase('pglite');
    await database.migrate();
    // The web app's two builds side by side, as `npm run build` leaves them: dist/ and dist-server/. The server
    // entry here renders the data it is given as text, so the test sees what the server gave it.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-ssr-'));
    distDir = path.join(root, 'dist');
    fs.mkdirSync(distDir);
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><head><title>Sweetwish</title><meta name="description" content="The app" /><script type="module" crossorigin src="/assets/index-E1.js"></script></head><div id="root"></div>',
    );
    fs.writeFileSync(
      path.join(root, 'dist-server', 'entry-server.js'),
      `export async function renderPublicPage(url, data) {
        const text = data.kind === 'profile'
          ? [data.page.profile.displayName, ...data.page.wishes.map((w) => w.name)].join(', ')
          : data.kind === 'wish'
            ? data.page.wish.name + ' of ' + data.page.seller.displayName
            : JSON.stringify(data.page);
        return { html: '<p>' + url + ': ' + text + '</p>', styles: '', state: { kind: data.kind } };
      }
      export async function renderScreenPlaceholder() {
        return { html: '<i>placeholder</i>', styles: '', state: { isScreenDrawn: false } };
      }
      export function screenTitle(pathname) {
        return pathname === '/home' ? 'Home' : undefined;
      }`,
    );
  });
  afterAll(async () => {
    fs.rmSync(path.dirname(distDir), { recursive: true, force: true });
    await database.close();
  });

  it("renders a creator's and a wish's page for a visitor without a session, with the data of the moment", async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const cookie = await signInByPhone(app);
    const handle = `ssr_${Date.now().toString(36)}`;
    await completeProfile(app, cookie, { handle, displayName: 'Server Star' });
    const addWish = async (name: string) =>
      (await (
        await app.request('/api/wishes', {
          method: 'POST',
          headers: jsonHeaders({ cookie }),
          body: JSON.stringify({ name, cost: 45 }),
        })
      ).json()) as { id: string };
    const wish = await addWish('Tea set');

    const root = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.request(url, { headers });
      expect(res.headers.get('vary')).toContain('Cookie');
      return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1];
    };
    expect(await root(`/${handle}`)).toBe(`<p>/${handle}: Server Star, Tea set</p>`);
    expect(await root(`/x/${wish.id}`)).toBe(`<p>/x/${wish.id}: Tea set of Server Star</p>`);
    // The wish is read once for its tags and its rendering: its meta carries its API answer.
    const meta = await pageMeta(database.db, `/x/${wish.id}`);
    const answer = await (await app.request(`/api/wishes/${wish.id}`)).json();
    expect(meta?.kind === 'meta' && JSON.parse(meta.page ?? 'null')).toEqual(answer);
    // A change shows on the next request: the page is rendered again from the new data.
    await addWish('Red scarf');
    expect(await root(`/${handle}`)).toBe(`<p>/${handle}: Server Star, Red scarf, Tea set</p>`);

    // A visitor with a session gets the screen placeholder: the app renders what that visitor may see.
    expect(await root(`/${handle}`, { cookie })).toBe(PLACEHOLDER);
    expect(await root(`/x/${wish.id}`, { cookie })).toBe(PLACEHOLDER);
    // An address that does not decode is a page that does not exist, not a server error.
    for (const url of ['/x/%E0%A4%A', '/%E0%A4%A']) expect((await app.request(url)).status).toBe(200);
    // So do the other pages: the tip address, another screen, a creator who does not exist.
    for (const url of [`/${handle}/tip`, '/home', '/no_such_creator']) expect(await root(url)).toBe(PLACEHOLDER);
    // Named by the route table, as the app names the screen.
    expect(await (await app.request('/home')).text()).toContain('<title>Home · Sweetwish</title>');
    // The stream overlay, transparent over a stream, gets no placeholder.
    expect(await root('/overlay/abc')).toBe('');
  });

  it('renders the landing page for a visitor without a session: a first visit or not, as their cookie says', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const landing = async (headers: Record<string, string> = {}) => {
      const res = await app.request('/', { headers });
      expect(res.headers.get('vary')).toBe('Cookie');
      return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1];
    };
    const page = (isFirstVisit: boolean) => `<p>/: ${JSON.stringify({ browser: { isFirstVisit } })}</p>`;
    expect(await landing()).toBe(page(true));
    expect(await landing({ cookie: 'visited=1' })).toBe(page(false));
    // A signed-in visitor gets the app's page, with the card of who they are signed in as.
    expect(await landing({ cookie: await signInByPhone(app) })).toBe(PLACEHOLDER);
  });

  it('renders the sign-in screen for a visitor without a session: the terms as their cookie says, the inviter of an invite link', async () => {
    const { app } = await buildTestApp(database, { webDistDir: distDir });
    const signIn = async (url: string, headers: Record<string, string> = {}) => {
      const res = await app.request(url, { headers });
      // The page differs by the terms cookie and by the browser: no shared cache may mix them up.
      expect(res.headers.get('vary')).toBe('Cookie, User-Agent');
      return /<div id="root">(.*?)<\/div>/.exec(await res.text())?.[1];
    };
    // The set-up as GET /api/public-config answers it.
    const config = await (await app.request('/api/public-config')).json();
    const page = (url: string, termsAccepted: boolean, invite: unknown = null, method = 'phone') =>
      `<p>${url}: ${JSON.stringify({ config, invite, browser: { termsAccepted }, method })}</p>`;
    expect(await signIn('/sign-in')).toBe(page('/sign-in', false));
    expect(await signIn('/sign-in', { cookie: 'theme=dark; termsAccepted=1' })).toBe(page('/sign-in', true));
    // The first visitor's page is not the returning one's: each is rendered with its own data.
    expect(await signIn('/sign-in')).toBe(page('/sign-in', false));
    expect(await signIn('/sign-up')).toBe(page('/sign-up', false));
    // The method toggle is a link: the address's method is drawn, and rendered apart from the other.
    expect(await signIn('/sign-in?method=email')).toBe(page('/sign-in?method=email', false, null, 'email'));
    expect(await signIn('/sign-in?method=sms&return=%2Fhome')).toBe(page('/sign-in', false));

    // An invite link carries its inviter, as GET /api/affiliates/{code} names them; a code of nobody, null.
    const inviterCookie = await signInByPhone(app);
    const handle = `inv_${Date.now().toString(36)}`;
    await completeProfile(app, inviterCookie, { handle, displayName: 'Ann Inviter' });
    const inviter = await (await app.request(`/api/affiliates/${handle}`)).json();
    expect(inviter).toMatchObject({ handle, displayName: 'Ann Inviter' });
    const url = `/join/${handle.toUpperCase()}/`;
    expect(await signIn(url)).toBe(page(url, false, { code: handle, inviter }));
    expect(await signIn('/sign-in/nobody_here')).toBe(
      page('/sign-in/nobody_here', false, { code: 'nobody_here', inviter: null }),
    );
    // An address that does not decode gets the app's page, as every other does.
    expect(await signIn('/join/%E0%A4%A')).toBe(PLACEHOLDER);

    // Back from Google or Apple with an error: the app's page, which says so at once (a toast).
    expect(await signIn('/sign-in?error=access_denied&return=%2Fhome')).toBe(PLACEHOLDER);
    expect(await signIn('/sign-in?return=%2Fhome')).toBe(page('/sign-in', false));

    // Instagram's and Facebook's in-app browsers get the app, which sends them to /unsafe (product.md section 2).
    const instagram = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Instagram 321.0.2';
    expect(await signIn('/sign-in', { 'user-agent': instagram })).toBe(PLACEHOLDER);
    expect(await signIn('/sign-in', { 'user-agent': 'Mozilla/5.0 [FBAN/FBIOS;FBAV/450.0]' })).toBe(PLACEHOLDER);
    // A visitor with a session gets the app's page too: it sends them on.
    expect(await signIn('/sign-in', { cookie: inviterCookie })).toBe(PLACEHOLDER);
  });
});
