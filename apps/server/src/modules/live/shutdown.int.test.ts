import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger, TEST_ORIGIN, testConfig } from '../../../test/app-harness';
import { signInByPhone } from '../../../test/sign-in-helpers';
import { openPglite } from '../../db/client';
import { startServer } from '../../server';
import { RECONNECT_AFTER_SHUTDOWN_MS } from './routes';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('a server shutting down with event streams open', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('ends each stream cleanly instead of cutting it after the grace period', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const config = testConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN });
    const server = await startServer(config, captureLogger().logger);
    const app = { request: (p: string, init?: RequestInit) => fetch(`${base}${p}`, init) };
    const cookie = await signInByPhone(app as never);
    const res = await fetch(`${base}/api/events`, { headers: { Cookie: cookie } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the "ready" event
    const stopped = server.stop();
    // A stream cut by force would make read() reject; one the server ends finishes with done.
    const decoder = new TextDecoder();
    let text = '';
    let chunk = await reader.read();
    while (!chunk.done) {
      text += decoder.decode(chunk.value);
      chunk = await reader.read();
    }
    expect(chunk.done).toBe(true);
    // Its last words tell the browser to come back soon, through the load balancer, to another instance.
    const retry = Number(text.match(/^retry: (\d+)$/m)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(RECONNECT_AFTER_SHUTDOWN_MS.min);
    expect(retry).toBeLessThan(RECONNECT_AFTER_SHUTDOWN_MS.min + RECONNECT_AFTER_SHUTDOWN_MS.spread);
    await stopped;
  }, 60_000);

  it('keeps serving through its drain, answering not ready, and only then stops accepting', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const config = testConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(dataDir, 'drain-')),
      PUBLIC_URL: TEST_ORIGIN,
      SHUTDOWN_DRAIN_SECONDS: '2',
    });
    const server = await startServer(config, captureLogger().logger);
    let isStopped = false;
    const stopped = server.stop().then(() => {
      isStopped = true;
    });
    // The balancer is told to move on, and requests it still sends meanwhile are served, not reset.
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(isStopped).toBe(false);
    await stopped;
    await expect(fetch(`${base}/api/ready`)).rejects.toThrow();
  }, 60_000);

  it("answers the balancer's readiness check with 503 once the shutdown begins", async () => {
    const database = await openPglite('memory://');
    await database.migrate();
    const shutdown = new AbortController();
    const { app } = await buildTestApp(database, { shutdown: shutdown.signal });
    const ready = await app.request('/api/ready');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    shutdown.abort();
    const stopping = await app.request('/api/ready');
    expect([stopping.status, await stopping.json()]).toEqual([503, { status: 'stopping' }]);
    await database.close();
  });
});
