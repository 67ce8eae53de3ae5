import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProfilePage, WishPage } from '@sweetwish/shared/wishes';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ServerEntry from './src/entry-server';

// The server entry as the server loads it: built by Vite's SSR build (vite.config.ts), run in Node.
let outDir: string;
let renderPublicPage: typeof ServerEntry.renderPublicPage;
let renderScreenPlaceholder: typeof ServerEntry.renderScreenPlaceholder;
let screenTitle: typeof ServerEntry.screenTitle;
beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-entry-server-'));
  // As `npm run build` runs it: Vitest's NODE_ENV=test would make the JSX transform emit development calls.
  const testNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    configFile: path.join(import.meta.dirname, 'vite.config.ts'),
    root: import.meta.dirname,
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir, sourcemap: false },
  });
  process.env.NODE_ENV = testNodeEnv;
  ({ renderPublicPage, renderScreenPlaceholder, screenTitle } = await import(
    pathToFileURL(path.join(outDir, 'entry-server.js')).href
  ));
}, 60_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

const HOSTILE = '</script><img src=x onerror="alert(1)">';

const wish = (name: string, id = name.toLowerCase()) => ({
  id,
  sellerId: 'u1',
  type: 'standard' as const,
  name,
  cost: 45,
  image: null,
  blurhash: null,
  description: HOSTILE,
  pinned: false,
  archived: false,
  purchased: false,
  allowRepeatPurchases: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
  isGroupGift: false,
  groupGiftFundedCents: 0,
  allowTakeBack: false,
});

const profilePage: ProfilePage = {
  profile: {
    id: 'u1',
    handle: 'Bob',
    displayName: 'Bob Baker',
    description: `About ${HOSTILE}`,
    photoUrl: null,
    photoHash: null,
    bannerUrl: null,
    bannerHash: null,
    links: [],
  },
  wishes: [wish('Tea set'), wish('Red scarf')],
};

describe('the server entry', () => {
  it("is built with React's production code, whatever NODE_ENV the server starts with", () => {
    const source = fs.readFileSync(path.join(outDir, 'entry-server.js'), 'utf8');
    expect(source).not.toContain('process.env.NODE_ENV');
  });

  it("renders a creator's page as a visitor without a session sees it, user text as text", async () => {
    const page = await renderPublicPage('/Bob', { kind: 'profile', page: profilePage });
    if (!page) throw new Error('no page');
    expect(page.html).toContain('>Bob Baker</h1>');
    expect(page.html).toContain('Send a Quick Tip');
    expect(page.html).toContain('Tea set');
    expect(page.html).toContain('Red scarf');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).toContain('About &lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    // Whole, in place: no part left as a fallback for a script to swap later (the CSP runs no inline script).
    expect(page.html).not.toContain('<!--$?-->');
    expect(page.html).not.toContain('<script');
    // The styles of that markup, for the browser to paint it before any script runs.
    expect(page.styles).toMatch(/^<style data-emotion="css[ -]/);
    // The query cache the app takes the page over with: the visitor, the profile, its wishlist and its
    // supporters wall (empty when it has none, so the page asks for nothing more).
    const keys = page.state.queries?.queries.map((q) => q.queryKey);
    expect(keys).toEqual([['me'], ['profile', 'bob'], ['wishes', 'u1', false], ['wall', 'bob']]);
    expect(Object.values(page.state.hydration.loaderData ?? {})).toEqual([null]);
    expect(page.state.isScreenDrawn).toBe(true);
  });

  it('draws the first 60 wishes of a long wishlist, and hands the app all of them', async () => {
    const wishes = Array.from({ length: 75 }, (_, n) => wish(`Wish ${n + 1}`, `w${n + 1}`));
    const page = await renderPublicPage('/Bob', { kind: 'profile', page: { ...profilePage, wishes } });
    if (!page) throw new Error('no page');
    expect(page.html).toContain('>Wish 60<');
    expect(page.html).not.toContain('>Wish 61<');
    const list = page.state.queries?.queries.find((q) => q.queryKey[0] === 'wishes');
    expect(list?.state.data).toHaveLength(75);
  });

  it("renders a wish's page", async () => {
    const data: WishPage = {
      wish: wish('Tea set', 'w1'),
      seller: { id: 'u1', handle: 'Bob', displayName: 'Bob Baker', photoUrl: null },
    };
    const page = await renderPublicPage('/x/w1', { kind: 'wish', page: data });
    if (!page) throw new Error('no page');
    expect(page.html).toContain('Tea set');
    expect(page.html).toContain('Bob Baker');
    expect(page.state.queries?.queries.map((q) => q.queryKey)).toEqual([['me'], ['wish', 'w1']]);
  });

  it('renders the sign-in screen with the terms dialog in place, or without it once accepted', async () => {
    const config = {
      previewEmail: null,
      socialProviders: ['google' as const],
      hasOutbox: false,
      hasCardSandbox: false,
    };
    const inviter = { id: 'u2', handle: 'ann', displayName: 'Ann Inviter', photoUrl: null };
    const first = await renderPublicPage('/join/ANN', {
      kind: 'signIn',
      page: { config, invite: { code: 'ann', inviter }, browser: { termsAccepted: false }, method: 'phone' },
    });
    if (!first) throw new Error('no page');
    expect(first.html).toContain('Sign in, or create your account with the same steps.');
    expect(first.html).toContain('Continue with Google');
    expect(first.html).toMatch(/aria-label="Invited by".*Ann Inviter/);
    // In the page, not in a portal (there is none on the server), and shown rather than faded in from hidden.
    expect(first.html).toMatch(/role="dialog"[^>]*aria-labelledby="terms-title"/);
    expect(first.html).toContain('Before you sign in');
    expect(first.html).not.toMatch(/opacity:\s*0/);
    expect(first.state.queries?.queries.map((q) => [q.queryKey, q.state.data])).toEqual([
      [['me'], null],
      [['public-config'], config],
      [['inviter', 'ann'], inviter],
    ]);
    expect(first.state.browser).toEqual({ termsAccepted: false });

    const returning = await renderPublicPage('/sign-in', {
      kind: 'signIn',
      page: { config, invite: null, browser: { termsAccepted: true }, method: 'phone' },
    });
    expect(returning?.html).toContain('Continue with Phone');
    expect(returning?.html).not.toContain('Before you sign in');
    // The method toggle is a pair of links: the e-mail one draws the e-mail form.
    expect(returning?.html).toMatch(/<a[^>]*href="\/sign-in\?method=email"/);
    const byEmail = await renderPublicPage('/sign-in?method=email', {
      kind: 'signIn',
      page: { config, invite: null, browser: { termsAccepted: true }, method: 'email' },
    });
    expect(byEmail?.html).toContain('Email Address');
    expect(byEmail?.html).not.toContain('Continue with Phone');
  });

  it('renders the landing page, its tagline rising in on a first visit only, and no query', async () => {
    const first = await renderPublicPage('/', { kind: 'landing', page: { browser: { isFirstVisit: true } } });
    if (!first) throw new Error('no page');
    expect(first.html).toMatch(/<h1[^>]*id="hero-title"/);
    expect(first.styles).toMatch(/animation:[^;}]*700ms/);
    expect(first.state.queries).toBeNull();
    expect(first.state.browser).toEqual({ isFirstVisit: true });
    const later = await renderPublicPage('/', { kind: 'landing', page: { browser: { isFirstVisit: false } } });
    expect(later?.styles).not.toMatch(/animation:[^;}]*700ms/);
  });

  it('renders each page with a query cache of its own: renders under way at once never mix', async () => {
    const other = { ...profilePage, profile: { ...profilePage.profile, id: 'u2', handle: 'Ann', displayName: 'Ann' } };
    const [bob, ann] = await Promise.all([
      renderPublicPage('/Bob', { kind: 'profile', page: profilePage }),
      renderPublicPage('/Ann', { kind: 'profile', page: { ...other, wishes: [] } }),
    ]);
    expect(bob?.html).toContain('Bob Baker');
    expect(ann?.html).not.toContain('Bob Baker');
    expect(ann?.state.queries?.queries.map((q) => q.queryKey)).toEqual([
      ['me'],
      ['profile', 'ann'],
      ['wishes', 'u2', false],
      ['wall', 'ann'],
    ]);
  });

  it('renders a group gift and a subscription wish whole on their first render (parts that load late included)', async () => {
    const seller = { id: 'u1', handle: 'Bob', displayName: 'Bob Baker', photoUrl: null };
    const groupGift = await renderPublicPage('/x/g1', {
      kind: 'wish',
      page: {
        wish: { ...wish('Camera', 'g1'), isGroupGift: true, groupGiftFundedCents: 1500, allowTakeBack: true },
        seller,
        groupGift: {
          wishId: 'g1',
          costCents: 4500,
          fundedCents: 1500,
          isFunded: false,
          allowTakeBack: true,
          contributorCount: 1,
          contributors: [{ displayName: 'Ann', handle: 'ann', amountCents: 1500 }],
          own: [],
          earnings: null,
        },
      },
    });
    expect(groupGift?.html).toContain('Camera');
    expect(groupGift?.html).not.toContain('<!--$?-->');
    expect(groupGift?.html).not.toContain('<script');
    expect(groupGift?.html).not.toContain('Loading group gift');
    expect(groupGift?.html).toContain('Contribute');
    const subscription = await renderPublicPage('/x/s1', {
      kind: 'wish',
      page: { wish: { ...wish('Monthly letter', 's1'), type: 'subscription' }, seller },
    });
    expect(subscription?.html).toContain('Monthly letter');
    expect(subscription?.html).not.toContain('<!--$?-->');
    expect(subscription?.html).toContain('Subscribe');
  });

  it('draws the screen placeholder every other page shows until its screen loads, and names screens by the route table', async () => {
    const placeholder = await renderScreenPlaceholder();
    expect(placeholder.html).toContain('aria-label="Sweetwish home"');
    expect(placeholder.html).toContain('aria-busy="true"');
    expect(placeholder.state).toEqual({
      isScreenDrawn: false,
      queries: null,
      hydration: { loaderData: {} },
      browser: {},
    });
    expect(screenTitle('/balance')).toBe('Balance');
    expect(screenTitle('/conversations/c1')).toBe('Conversation');
    expect(screenTitle('/bob')).toBeUndefined();
    expect(screenTitle('/x/w1')).toBeUndefined();
  });
});
