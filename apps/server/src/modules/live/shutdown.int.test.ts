import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogger, TEST_ORIGIN, testConfig } from '../../../test/app-harness';
import { signInByPhone } from '../../../test/sign-in-helpers';
import { startServer } from '../../server';

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
    let chunk = await reader.read();
    while (!chunk.done) chunk = await reader.read();
    expect(chunk.done).toBe(true);
    await stopped;
  }, 60_000);
});
