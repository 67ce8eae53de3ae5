import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMiddleware } from 'hono/factory';
import { getMimeType } from 'hono/utils/mime';

/** A build file and the compressed copies the build wrote beside it (apps/web/precompress.mjs). */
type Asset = {
  type: string;
  identity: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer> | undefined;
  gzip: Uint8Array<ArrayBuffer> | undefined;
};

/** A file name of the build's assets directory: no directory, no leading dot. Source maps stay on disk. */
const ASSET_NAME = /^\/assets\/([\w-][\w.-]*\.(?:js|css|svg|png|webp|woff2))$/;

async function readIfPresent(file: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The build's hashed files (/assets/*) from memory: each is read from disk once, with its .br and .gz, and
 * then answered as one buffer. A page load asks for its scripts all at once (the server preloads them,
 * page-html.ts), and from disk each cost stat calls and a file stream: about 1 ms of the event loop, so the
 * last of a page's files waited for the others. A name never changes content (it holds the content's hash),
 * so nothing is re-read; only files that exist are kept, so the memory is at most the build's size.
 * Anything else (a missing file, a source map) goes on to the next handler.
 */
export function assetsFromMemory(assetsDir: string) {
  const assets = new Map<string, Promise<Asset | undefined>>();

  const load = async (name: string): Promise<Asset | undefined> => {
    const file = path.join(assetsDir, name);
    const identity = await readIfPresent(file);
    if (!identity) return undefined;
    const [br, gzip] = await Promise.all([readIfPresent(`${file}.br`), readIfPresent(`${file}.gz`)]);
    return { type: getMimeType(name) ?? 'application/octet-stream', identity, br, gzip };
  };

  return createMiddleware(async (c, next) => {
    const name = ASSET_NAME.exec(c.req.path)?.[1];
    if (!name || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    let pending = assets.get(name);
    if (!pending) {
      pending = load(name);
      assets.set(name, pending);
    }
    const asset = await pending.catch(() => undefined);
    if (!asset) {
      assets.delete(name);
      return next();
    }
    const accepted = new Set(
      c.req
        .header('Accept-Encoding')
        ?.split(',')
        .map((part) => part.trim()),
    );
    const [encoding, body] =
      asset.br && accepted.has('br')
        ? (['br', asset.br] as const)
        : asset.gzip && accepted.has('gzip')
          ? (['gzip', asset.gzip] as const)
          : ([undefined, asset.identity] as const);
    const headers: Record<string, string> = { 'Content-Type': asset.type, 'Content-Length': String(body.length) };
    if (asset.br || asset.gzip) headers.Vary = 'Accept-Encoding';
    if (encoding) headers['Content-Encoding'] = encoding;
    return c.req.method === 'HEAD' ? c.body(null, 200, headers) : c.body(body, 200, headers);
  });
}
