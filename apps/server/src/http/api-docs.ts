import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { Hono } from 'hono';
import type { AppEnv } from './context';

// The API reference at /api/docs: Scalar's standalone renderer, served by this server from its npm package,
// reading /api/openapi.json. No request leaves the site: its default fonts, telemetry, the API client,
// the test-request button, the developer tools and the agent are off; the page's CSP
// (script-src 'self') would refuse an outside script.

// The package exports no path to its browser bundle: it sits beside its entry (dist/index.js).
const RENDERER_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')),
  'browser/standalone.js',
);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} API reference</title>
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/renderer.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

/**
 * An inline script would need 'unsafe-inline': the renderer starts from this file instead. The element is not
 * `#api-reference`, which the renderer would also mount by itself, with its defaults (fonts from its site).
 */
const START = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: '/api/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  persistAuth: false,
})});
`;

let renderer: Buffer | undefined;

export function apiDocsRoutes() {
  const app = new Hono<AppEnv>();
  app.get('/docs', (c) => c.html(PAGE));
  app.get('/docs/start.js', (c) => c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/renderer.js', (c) => {
    renderer ??= fs.readFileSync(RENDERER_PATH);
    return c.body(new Uint8Array(renderer), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
  return app;
}
