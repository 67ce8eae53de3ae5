import type { ServerResponse } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

type Provider = 'google' | 'apple';

/** Who signs in at the provider's page: what a real user would be at Google or Apple. */
export type ProviderIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  /** Google's profile name. */
  name?: string;
  /** Apple sends the name once, on the first sign-in, in the form it posts back. */
  appleName?: { firstName: string; lastName: string };
};

/**
 * A local OpenID Connect provider (oauth2-mock-server) standing in for Google and Apple: real
 * authorization codes, PKCE checks and signed ID tokens, on this machine. Each provider's authorization
 * address shows a page where the user says who they are and continues or cancels, as at Google or
 * Apple. Google then redirects back with the code; Apple answers as Apple does, with a page whose form
 * POSTs the code, state and user to the app from this (another) origin (response_mode=form_post).
 */
export async function startOAuthProvider(host = '127.0.0.1', port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, host);
  // The mock names itself "localhost" whatever it listens on: use the address it was given.
  const listening = new URL(server.issuer.url ?? '');
  listening.hostname = host;
  const origin = listening.origin;
  server.issuer.url = origin;
  const byCode = new Map<string, ProviderIdentity>();
  /** The client secrets the token endpoint was given, newest last (what Apple would check). */
  const clientSecrets: string[] = [];

  // The ID token carries the identity chosen on the page that gave the code.
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
      const identity = byCode.get(req.body?.code ?? '');
      if (!identity) return;
      if (req.body?.client_secret) clientSecrets.push(req.body.client_secret);
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        // Apple writes the flag as a string.
        email_verified: identity.appleName !== undefined ? String(identity.emailVerified) : identity.emailVerified,
        ...(identity.name && { name: identity.name }),
      });
    },
  );

  for (const provider of ['google', 'apple'] as const) {
    server.service.addRoute('GET', `/${provider}/authorize`, (req, res) => {
      consentPage(res, provider, new URL(req.url ?? '', origin).searchParams);
    });
    server.service.addRoute('POST', `/${provider}/consent`, async (req, res) => {
      const form = new URLSearchParams(req.body as Record<string, string>);
      const request = new URLSearchParams(form.get('request') ?? '');
      const redirectUri = request.get('redirect_uri') ?? '';
      const answer = form.get('decision') === 'cancel' ? cancelled(request) : await authorize(request, form);
      if (provider === 'google') {
        const back = new URL(redirectUri);
        for (const [key, value] of Object.entries(answer)) back.searchParams.set(key, value);
        res.writeHead(302, { Location: back.href }).end();
      } else {
        postForm(res, redirectUri, answer);
      }
    });
  }

  function cancelled(request: URLSearchParams): Record<string, string> {
    // Google says access_denied, Apple user_cancelled_authorize.
    return {
      error: request.get('response_mode') === 'form_post' ? 'user_cancelled_authorize' : 'access_denied',
      state: request.get('state') ?? '',
    };
  }

  /** The mock's own authorization, asked for a plain code: a code tied to the PKCE challenge. */
  async function authorize(request: URLSearchParams, form: URLSearchParams): Promise<Record<string, string>> {
    const plain = new URL('/authorize', origin);
    for (const [key, value] of request) plain.searchParams.set(key, value);
    plain.searchParams.set('response_type', 'code');
    const back = new URL((await fetch(plain, { redirect: 'manual' })).headers.get('location') ?? '');
    const answer: Record<string, string> = Object.fromEntries(back.searchParams);
    const firstName = form.get('firstName');
    const identity: ProviderIdentity = {
      sub: form.get('sub') ?? '',
      email: form.get('email') ?? '',
      emailVerified: form.get('emailVerified') === 'on',
      ...(form.get('name') && { name: form.get('name') ?? '' }),
      ...(firstName && { appleName: { firstName, lastName: form.get('lastName') ?? '' } }),
    };
    byCode.set(answer.code ?? '', identity);
    if (identity.appleName) answer.user = JSON.stringify({ name: identity.appleName, email: identity.email });
    return answer;
  }

  return {
    origin,
    endpoints: {
      google: { authorization: `${origin}/google/authorize`, token: `${origin}/token` },
      apple: { authorization: `${origin}/apple/authorize`, token: `${origin}/token` },
    },
    clientSecrets,
    stop: () => server.stop(),
  };
}

export type OAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

/** The fields the consent page posts for an identity (what a user would type there). */
export function consentFields(authorizationUrl: URL, identity: ProviderIdentity | 'cancel'): URLSearchParams {
  const fields = new URLSearchParams({ request: authorizationUrl.searchParams.toString() });
  if (identity === 'cancel') {
    fields.set('decision', 'cancel');
    return fields;
  }
  fields.set('decision', 'allow');
  fields.set('sub', identity.sub);
  fields.set('email', identity.email);
  if (identity.emailVerified) fields.set('emailVerified', 'on');
  if (identity.name) fields.set('name', identity.name);
  if (identity.appleName) {
    fields.set('firstName', identity.appleName.firstName);
    fields.set('lastName', identity.appleName.lastName);
  }
  return fields;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The provider's page: who signs in (labelled fields), Continue or Cancel. */
function consentPage(res: ServerResponse, provider: Provider, request: URLSearchParams) {
  const field = (name: string, label: string) => `<p><label>${label} <input name="${name}"></label></p>`;
  const names =
    provider === 'google'
      ? field('name', 'Name')
      : `${field('firstName', 'First name')}${field('lastName', 'Last name')}`;
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><title>Local ${provider}</title><h1>Sign in with local ${provider}</h1>` +
      `<form method="post" action="/${provider}/consent">` +
      `<input type="hidden" name="request" value="${escapeHtml(request.toString())}">` +
      `${field('sub', 'Account ID')}${field('email', 'Email')}` +
      `<p><label><input type="checkbox" name="emailVerified" checked> Email verified</label></p>${names}` +
      `<button name="decision" value="allow">Continue</button> <button name="decision" value="cancel">Cancel</button></form>`,
  );
}

/** A page that POSTs the fields to `action` at once, as Apple's does (response_mode=form_post). */
function postForm(res: ServerResponse, action: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><title>Apple</title><form method="post" action="${escapeHtml(action)}">${inputs}<button>Continue</button></form><script>document.forms[0].submit()</script>`,
  );
}
