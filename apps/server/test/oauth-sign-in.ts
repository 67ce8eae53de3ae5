import { expect } from 'vitest';
import { jsonHeaders } from './app-harness';
import { consentFields, type OAuthProvider, type ProviderIdentity } from './oauth-provider';
import { sessionCookie, uniqueIp } from './sign-in-helpers';

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** The cookies a response sets, merged over earlier ones (a browser's jar, for one site). */
export function mergeCookies(earlier: string, res: Response): string {
  const jar = new Map(
    earlier
      .split('; ')
      .filter(Boolean)
      .map((c) => c.split('=', 2) as [string, string]),
  );
  for (const pair of sessionCookie(res).split('; ').filter(Boolean)) {
    const [name, value] = pair.split('=', 2) as [string, string];
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Starts a sign-in as the web app does; answers the provider's address and the state cookie. */
export async function startSocialSignIn(
  app: App,
  provider: 'google' | 'apple',
  options: { cookie?: string; callbackURL: string; errorCallbackURL: string; link?: boolean },
) {
  const path = options.link ? '/api/auth/link-social' : '/api/auth/sign-in/social';
  const res = await app.request(path, {
    method: 'POST',
    headers: jsonHeaders({ cookie: options.cookie, ip: uniqueIp() }),
    body: JSON.stringify({ provider, callbackURL: options.callbackURL, errorCallbackURL: options.errorCallbackURL }),
  });
  expect(res.status).toBe(200);
  const { url } = (await res.json()) as { url: string };
  return { url: new URL(url), cookie: mergeCookies(options.cookie ?? '', res) };
}

/** What the user's answer on the provider's page (who they are, or Cancel) gives back. */
export function consent(start: { url: URL }, identity: ProviderIdentity | 'cancel') {
  const action = new URL(start.url.pathname.replace(/authorize$/, 'consent'), start.url.origin);
  return fetch(action, { method: 'POST', body: consentFields(start.url, identity), redirect: 'manual' });
}

/** Google: the provider redirects back with the code (or error); the browser opens that address at the app. */
export async function googleRoundTrip(
  app: App,
  start: { url: URL; cookie: string },
  identity: ProviderIdentity | 'cancel',
) {
  const back = new URL((await consent(start, identity)).headers.get('location') ?? '');
  return finish(app, `${back.pathname}${back.search}`, start.cookie);
}

/**
 * Apple: the provider's page POSTs the form to the app from the provider's origin (a cross-site request,
 * which carries no SameSite=Lax cookie); better-auth turns it into a GET, which does.
 */
export async function appleRoundTrip(
  app: App,
  start: { url: URL; cookie: string },
  provider: OAuthProvider,
  identity: ProviderIdentity | 'cancel',
) {
  const page = await (await consent(start, identity)).text();
  const action = new URL(/action="([^"]+)"/.exec(page)?.[1] ?? '');
  const fields = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(name ?? '', decodeEntities(value ?? ''));
  }
  const posted = await app.request(action.pathname, {
    method: 'POST',
    headers: { Origin: provider.origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  if (posted.status !== 302) return { posted, res: posted, cookie: start.cookie };
  const again = new URL(posted.headers.get('location') ?? '');
  return { posted, ...(await finish(app, `${again.pathname}${again.search}`, start.cookie)) };
}

async function finish(app: App, path: string, cookie: string) {
  const res = await app.request(path, { headers: { Cookie: cookie } });
  return { res, cookie: mergeCookies(cookie, res) };
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

/** Where a redirect answer sends the browser, as a path with its query. */
export function redirectPath(res: Response): string {
  const location = new URL(res.headers.get('location') ?? '', 'http://unused');
  return `${location.pathname}${location.search}`;
}
