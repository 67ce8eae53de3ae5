import { createMiddleware } from 'hono/factory';

// No inline script anywhere: the web app is built into files, so 'self' is enough. MUI's emotion
// injects <style> elements at run time, which needs 'unsafe-inline' for styles only.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The stream overlay page (decision 031) may be framed by the app itself (the live preview in its settings);
 * its address holds a secret, so it sends no Referer at all.
 */
const OVERLAY_PAGE = /^\/overlay\/[^/]+\/?$/;
const OVERLAY_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

/** Security headers on every response, whatever produced it. */
export function securityHeaders(options: { hsts: boolean }) {
  return createMiddleware(async (c, next) => {
    await next();
    const isOverlay = OVERLAY_PAGE.test(c.req.path);
    // Media answers carry their own, stricter policy.
    if (!c.res.headers.has('Content-Security-Policy')) {
      c.header('Content-Security-Policy', isOverlay ? OVERLAY_POLICY : CONTENT_SECURITY_POLICY);
    }
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', isOverlay ? 'no-referrer' : 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', isOverlay ? 'SAMEORIGIN' : 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.hsts) c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  });
}
