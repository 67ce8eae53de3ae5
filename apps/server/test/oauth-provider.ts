import type { ServerResponse } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** Who signs in at the local provider next, or a user who cancels there. */
export type ProviderIdentity =
  | {
      sub: string;
      email: string;
      emailVerified: boolean;
      name?: string;
      /** Apple sends the name once, on the first sign-in, in the form it posts back. */
      appleName?: { firstName: string; lastName: string };
    }
  | { cancel: true };

/**
 * A local OpenID Connect provider (oauth2-mock-server) standing in for Google and Apple: real
 * authorization codes, PKCE checks and signed ID tokens, on this machine. Google's part is the mock's own
 * /authorize (a redirect back with the code); Apple's is /apple/authorize, which answers as Apple does: a
 * page whose form POSTs the code, state and user to the app from this (another) origin.
 */
export async function startOAuthProvider(host = '127.0.0.1') {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, host);
  const origin = new URL(server.issuer.url ?? '').origin;
  const pending: ProviderIdentity[] = [];
  const byCode = new Map<string, Extract<ProviderIdentity, { sub: string }>>();

  // Each authorization takes the next identity, bound to its code; the token endpoint reads it back.
  server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
    const identity = pending.shift();
    if (!identity) throw new Error('No identity queued at the local provider');
    if ('cancel' in identity) {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
      return;
    }
    byCode.set(url.searchParams.get('code') ?? '', identity);
  });
  server.service.on(
    'beforeTokenSigning',
    (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
      const identity = byCode.get(req.body?.code ?? '');
      if (!identity) return;
      Object.assign(token.payload, {
        sub: identity.sub,
        email: identity.email,
        // Apple writes the flag as a string.
        email_verified: identity.appleName !== undefined ? String(identity.emailVerified) : identity.emailVerified,
        ...(identity.name && { name: identity.name }),
      });
    },
  );

  server.service.addRoute('GET', '/apple/authorize', async (req, res) => {
    const query = new URL(req.url ?? '', origin).searchParams;
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('response_mode') !== 'form_post') return void res.writeHead(400).end('form_post expected');
    const identity = pending[0];
    // The mock's own authorization, asked for a plain code, gives a code tied to the PKCE challenge.
    const plain = new URL('/authorize', origin);
    for (const [key, value] of query) plain.searchParams.set(key, value);
    plain.searchParams.set('response_type', 'code');
    const answer = await fetch(plain, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location') ?? '');
    const fields: Record<string, string> = Object.fromEntries(back.searchParams);
    if (identity && !('cancel' in identity) && identity.appleName) {
      fields.user = JSON.stringify({ name: identity.appleName, email: identity.email });
    }
    postForm(res, redirectUri, fields);
  });

  return {
    origin,
    endpoints: {
      google: { authorization: `${origin}/authorize`, token: `${origin}/token` },
      apple: { authorization: `${origin}/apple/authorize`, token: `${origin}/token` },
    },
    /** Queues who signs in (or cancels) at the next authorization. */
    nextSignIn(identity: ProviderIdentity) {
      pending.push(identity);
    },
    stop: () => server.stop(),
  };
}

export type OAuthProvider = Awaited<ReturnType<typeof startOAuthProvider>>;

/** A page that POSTs the fields to `action` at once, as Apple's does (response_mode=form_post). */
function postForm(res: ServerResponse, action: string, fields: Record<string, string>) {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><title>Apple</title><form method="post" action="${escapeHtml(action)}">${inputs}<button>Continue</button></form><script>document.forms[0].submit()</script>`,
  );
}
