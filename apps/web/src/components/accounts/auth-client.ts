import { phoneNumberClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client for the server's /api/auth (same origin). Only screens that sign in or out import
 * this module, so its code stays out of the landing page's first load.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [phoneNumberClient()],
});

/** The shape of an error the auth client hands back instead of throwing. */
export type AuthClientError = { message?: string | undefined; status: number; code?: string | undefined };
