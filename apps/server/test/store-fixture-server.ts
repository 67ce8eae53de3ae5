import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The saved store pages (trimmed to what the parser reads) and the one product photo they all show. */
export const STORE_PAGES_DIR = path.resolve(import.meta.dirname, 'fixtures/store-pages');

export type StoreRequest = { path: string; headers: http.IncomingHttpHeaders };
/** A test's own answer for a path: anything an http.ServerResponse can do. */
export type StoreAnswer = (res: http.ServerResponse) => void;

/**
 * A fixture store on 127.0.0.1 (the only loopback address tests let store links reach): `/products/{name}`
 * is `fixtures/store-pages/{name}.html`, any path ending in `.jpg` is the product photo, and a test may
 * answer a path of its own (a redirect, a hang, an endless page). Every request is kept.
 */
export async function startStoreFixtureServer(port = 0) {
  const requests: StoreRequest[] = [];
  const answers = new Map<string, StoreAnswer>();
  const photo = fs.readFileSync(path.join(STORE_PAGES_DIR, 'product.jpg'));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://store.test');
    requests.push({ path: url.pathname, headers: req.headers });
    const own = answers.get(url.pathname);
    if (own) return own(res);
    const page = /^\/products\/([a-z-]+)$/.exec(url.pathname)?.[1];
    const file = page && path.join(STORE_PAGES_DIR, `${page}.html`);
    if (file && fs.existsSync(file)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(fs.readFileSync(file));
    }
    if (url.pathname.endsWith('.jpg')) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(photo);
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<title>Not found</title>');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    port: address.port,
    origin,
    requests,
    /** The address of a saved page. */
    page: (name: string) => `${origin}/products/${name}`,
    /** Answers `pathname` as the test says, from now on. */
    answer(pathname: string, answer: StoreAnswer) {
      answers.set(pathname, answer);
      return `${origin}${pathname}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type StoreFixtureServer = Awaited<ReturnType<typeof startStoreFixtureServer>>;
