import { createMiddleware } from 'hono/factory';
import type { Database } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorBody } from '../../http/error-handler';
import { viewerId } from '../../http/session';
import type { Auth } from './auth';
import { findUserById } from './repo';

export const PREVIEW_ACCOUNT_REFUSAL =
  'The preview account is for reviewing the app and cannot do this. Sign in with your own account.';

/**
 * What the store-review preview account may never do (decision 057): it signs in without a code, so
 * whoever knows its address holds it while a review is on. Nothing may leave it (withdrawals, payout
 * onboarding), reach other servers (webhooks), outlive the review (a linked Google or Apple sign-in, the
 * removal of one) or take it away (deletion, a new handle).
 */
export const PREVIEW_REFUSED_WRITES = [
  'POST /payouts/withdrawals',
  'POST /payouts/onboarding-link',
  'POST /webhooks/endpoints',
  'PATCH /webhooks/endpoints/{id}',
  'DELETE /webhooks/endpoints/{id}',
  'POST /webhooks/endpoints/{id}/secret/roll',
  'POST /webhooks/endpoints/{id}/deliveries/{deliveryId}/resend',
  'POST /account/delete',
  'PUT /profile/handle',
  'POST /auth/link-social',
  'DELETE /sign-in-methods/{provider}',
];

const REFUSED = PREVIEW_REFUSED_WRITES.map((route) => {
  const [method = '', path = ''] = route.split(' ');
  return { method, path: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) };
});

/** Whether the user is the preview account: its configured address, verified (as it is created). */
export async function isPreviewAccount(db: Database, userId: string, previewEmail: string | undefined) {
  if (!previewEmail) return false;
  const user = await findUserById(db, userId);
  return user?.emailVerified === true && user.email.toLowerCase() === previewEmail.toLowerCase();
}

/** Answers 403 to the preview account on the routes above, before the route runs; others pass untouched. */
export function previewAccountLimits(deps: { db: Database; auth: Auth; previewEmail: string | undefined }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!deps.previewEmail || !REFUSED.some((r) => r.method === c.req.method && r.path.test(c.req.path))) {
      return next();
    }
    const userId = await viewerId(deps.auth, c.req.raw.headers);
    if (userId && (await isPreviewAccount(deps.db, userId, deps.previewEmail))) {
      return c.json(errorBody('FORBIDDEN', PREVIEW_ACCOUNT_REFUSAL), 403);
    }
    return next();
  });
}
