import { createMiddleware } from 'hono/factory';
import { errorBody } from './error-handler';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request whose Origin is not the app's own (architecture.md section 5): with
 * session cookies, this is what stops another site from acting for a signed-in user.
 */
export function sameOrigin(origin: string, options: { exemptPaths: string[] }) {
  // Exempt paths authenticate each request by other means (a webhook's signature; Apple's form_post is
  // bound to its sign-in by better-auth's state and PKCE checks), never by a session cookie alone.
  const exempt = new Set(options.exemptPaths);
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.header('origin') === origin || exempt.has(c.req.path)) return next();
    return c.json(errorBody('FORBIDDEN', 'Cross-site request refused'), 403);
  });
}
