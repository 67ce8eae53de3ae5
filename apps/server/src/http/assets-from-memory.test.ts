import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsFromMemory } from './assets-from-memory';

const SCRIPT = 'console.log("sweet");'.repeat(100);

describe('assetsFromMemory', () => {
  let dir: string;
  let app: Hono;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-assets-'));
    fs.writeFileSync(path.join(dir, 'index-A1.js'), SCRIPT);
    fs.writeFileSync(path.join(dir, 'index-A1.js.br'), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(dir, 'index-A1.js.gz'), zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dir, 'plain-B2.js'), 'export {};');
    fs.writeFileSync(path.join(dir, 'index-A1.js.map'), '{}');
    app = new Hono();
    app.use('/assets/*', assetsFromMemory(dir));
    app.all('*', (c) => c.text('next handler', 404));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const get = (url: string, encodings?: string, method = 'GET') =>
    app.request(url, { method, headers: encodings ? { 'Accept-Encoding': encodings } : {} });

  it('answers the compressed copy the browser accepts, brotli first, else the file itself', async () => {
    const br = await get('/assets/index-A1.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/index-A1.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-A1.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
    // A file the build did not compress (under 1 KB) has no encodings to vary by.
    const small = await get('/assets/plain-B2.js', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBeNull();
    expect(await small.text()).toBe('export {};');
  });

  it('reads a file once: later answers come from memory', async () => {
    fs.writeFileSync(path.join(dir, 'once-C3.js'), 'first');
    expect(await (await get('/assets/once-C3.js')).text()).toBe('first');
    fs.writeFileSync(path.join(dir, 'once-C3.js'), 'second');
    expect(await (await get('/assets/once-C3.js')).text()).toBe('first');
  });

  it('answers HEAD with the length and no body', async () => {
    const res = await get('/assets/index-A1.js', undefined, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await res.text()).toBe('');
  });

  it('leaves missing files, source maps and other paths to the next handler', async () => {
    for (const url of [
      '/assets/missing-D4.js',
      '/assets/index-A1.js.map',
      '/assets/../secret.js',
      '/assets/.hidden.js',
    ]) {
      const res = await get(url);
      expect(await res.text(), url).toBe('next handler');
    }
    // A file that appears later is found then (a miss is not remembered).
    fs.writeFileSync(path.join(dir, 'missing-D4.js'), 'late');
    expect(await (await get('/assets/missing-D4.js')).text()).toBe('late');
  });
});
