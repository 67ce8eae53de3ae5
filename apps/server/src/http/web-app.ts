import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else is
 * revalidated, and any other page path gets index.html so the client router can take it (history fallback).
 */
export function webApp(distDir: string) {
  const app = new Hono();
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.get('*', (c) => c.text('The web app is not built yet: run `npm run build`.', 503));
    return app;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');

  app.use('/assets/*', serveStatic({ root: distDir, onFound: (_path, c) => c.header('Cache-Control', ONE_YEAR) }));
  // A missing hashed file is a real 404: answering index.html would make a stale chunk "load" as HTML.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', serveStatic({ root: distDir, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
