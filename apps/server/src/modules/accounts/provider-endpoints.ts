import type { BetterAuthPlugin } from 'better-auth';
import { type OAuthProvider, validateAuthorizationCode } from 'better-auth/oauth2';

/** Where a provider's authorization and token endpoints are, when they are not the real ones. */
export type ProviderEndpoints = { authorization: string; token: string };

/**
 * For tests only: sends Google and Apple sign-in to a local OpenID Connect provider. better-auth's
 * providers have their endpoints built in; this plugin swaps them on the providers it already made, so
 * everything else (state, PKCE, callbacks, account linking) is the production code. It is reachable only
 * through createAuth's `testProviderEndpoints` option, never through configuration (decision 016).
 */
export function testProviderEndpoints(endpoints: Partial<Record<'google' | 'apple', ProviderEndpoints>>) {
  return {
    id: 'test-provider-endpoints',
    init: (ctx) => ({
      context: {
        socialProviders: ctx.socialProviders.map((provider) => {
          const moved = endpoints[provider.id as 'google' | 'apple'];
          return moved ? pointAt(provider, moved) : provider;
        }),
      },
    }),
  } satisfies BetterAuthPlugin;
}

function pointAt(provider: OAuthProvider, endpoints: ProviderEndpoints): OAuthProvider {
  return {
    ...provider,
    async createAuthorizationURL(args) {
      const url = await provider.createAuthorizationURL(args);
      const local = new URL(endpoints.authorization);
      local.search = url.search;
      return local;
    },
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      validateAuthorizationCode({
        code,
        codeVerifier,
        redirectURI,
        options: provider.options ?? {},
        tokenEndpoint: endpoints.token,
      }),
  };
}
