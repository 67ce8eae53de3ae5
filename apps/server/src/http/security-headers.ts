import { createMiddleware } from 'hono/factory';
import { setResponseHeaders } from './response-headers';

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
const OVERLAY_PAGE = /^\/overlay(?:-control)?\/[^/]+\/?$/;
const OVERLAY_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
/**
 * The stream overlay itself reads messages aloud with eSpeak NG where the browser has no voices (decision
 * 100): it compiles the engine's WebAssembly ('wasm-unsafe-eval' allows that and no eval of JavaScript) and
 * plays the speech it writes from a blob: address. Decision 101.
 */
const OVERLAY_STREAM_PAGE = /^\/overlay\/[^/]+\/?$/;
const OVERLAY_STREAM_POLICY = OVERLAY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'; media-src 'self' blob:",
);

function policyOf(path: string): string {
  if (OVERLAY_STREAM_PAGE.test(path)) return OVERLAY_STREAM_POLICY;
  return OVERLAY_PAGE.test(path) ? OVERLAY_POLICY : CONTENT_SECURITY_POLICY;
}

/** Security headers on every response, whatever produced it. */
export function securityHeaders(options: { hsts: boolean }) {
  return createMiddleware(async (c, next) => {
    await next();
    const isOverlay = OVERLAY_PAGE.test(c.req.path);
    setResponseHeaders(c, {
      // Media answers carry their own, stricter policy.
      ...(c.res.headers.has('Content-Security-Policy') ? {} : { 'Content-Security-Policy': policyOf(c.req.path) }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': isOverlay ? 'no-referrer' : 'strict-origin-when-cross-origin',
      'X-Frame-Options': isOverlay ? 'SAMEORIGIN' : 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      ...(options.hsts ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
    });
  });
}
