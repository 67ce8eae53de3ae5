import { fileURLToPath } from 'node:url';

// This file sits one level below the server package both as source (src/) and bundled (dist/main.js),
// so the same relative URLs work in development, tests and production.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../drizzle', import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
