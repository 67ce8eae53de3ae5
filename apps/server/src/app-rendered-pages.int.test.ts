import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../test/app-harness';
import { openFreshDatabase } from '../test/databases';
import { completeProfile, signInByPhone } from '../test/sign-in-helpers';
import type { DatabaseHandle } from './db/client';
import { pageMeta } from './modules/sharing/page-meta';

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
