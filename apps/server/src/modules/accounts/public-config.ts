import type { PublicConfig } from '@sweetwish/shared/accounts';
import type { Context } from 'hono';
import type { Config } from '../../config';
import { isLocalRequest } from '../../http/local-request';

/** What the web app needs to know of this server's set-up (GET /api/public-config, and the sign-in page). */
export function publicConfig(
  config: Config,
  features: { hasOutbox: boolean; hasCardSandbox: boolean },
  c: Context,
): PublicConfig {
  return {
    // Published only while a store review is on (decision 057): the address is the key to the account.
    previewEmail: config.preview?.isReviewOpen ? config.preview.email : null,
    socialProviders: [...(config.google ? ['google' as const] : []), ...(config.apple ? ['apple' as const] : [])],
    // Both answer only requests made on this machine: elsewhere their links would lead nowhere.
    hasOutbox: features.hasOutbox && isLocalRequest(c),
    hasCardSandbox: features.hasCardSandbox && isLocalRequest(c),
  };
}
