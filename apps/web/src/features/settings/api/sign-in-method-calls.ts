import type { SocialProvider } from '@sweetwish/shared/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../components/accounts/auth-client';
import { api, ok } from '../../../lib/api-client';

const SIGN_IN_METHODS_QUERY_KEY = ['sign-in-methods'] as const;

/** The user's ways to sign in and the providers they can still link (GET /api/sign-in-methods). */
export const signInMethodsOptions = queryOptions({
  queryKey: SIGN_IN_METHODS_QUERY_KEY,
  queryFn: () => ok(api.GET('/api/sign-in-methods')),
});

export function useSignInMethods() {
  return useQuery(signInMethodsOptions);
}

/** Unlinks Google or Apple; the server refuses the last way to sign in, with its reason. */
export function useRemoveSignInMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: SocialProvider) =>
      ok(api.DELETE('/api/sign-in-methods/{provider}', { params: { path: { provider } } })),
    onSuccess: (methods) => queryClient.setQueryData(SIGN_IN_METHODS_QUERY_KEY, methods),
  });
}

/**
 * Leaves for Google or Apple to link that account to this one; the browser comes back to settings (with
 * `error` when it did not work). Any address may be linked this way, Apple's private relay ones included.
 */
export async function linkSignInMethod(provider: SocialProvider): Promise<void> {
  const { error } = await authClient.linkSocial({ provider, callbackURL: '/settings', errorCallbackURL: '/settings' });
  if (error) throw new Error('There was a problem signing in.');
}
