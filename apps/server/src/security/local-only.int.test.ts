import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../../test/app-harness';
import { type RunningServer, startServer } from '../server';

/** This machine's first address that is not loopback, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && !address.internal && address.family === 'IPv4')?.address;

type Answer = { status: number; body: string };

/**
 * The local outbox (sign-in codes and links) and the card sandbox (a test card anyone could pay with)
 * answer only requests made on this machine to a local address: with PUBLIC_URL unset they are on, and a
 * server listening on every interface must not show them to the network.
 */
describe('local-only features with PUBLIC_URL unset', () => {
  let dataDir: string;
  let server: RunningServer;
  let port: number;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-local-only-'));
    server = await startServer(testConfig({ PORT: '0', HOST: '0.0.0.0', DATA_DIR: dataDir }), captureLogger().logger);
    port = Number(new URL(server.url).port);
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request to this server at `address`, with the Host header and other headers given. */
  function request(address: string, pathname: string, headers: Record<string, string>): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: address, port, path: pathname, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
  }

  const LOCAL_ONLY = ['/api/dev/outbox', '/sandbox', '/v1/checkout/sessions/cs_test_x'];

  it('answers on this machine at a local address', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect((await request('127.0.0.1', '/api/dev/outbox', { Host: host })).status).toBe(200);
      expect((await request('127.0.0.1', '/sandbox', { Host: host })).status).toBe(200);
      // The sandbox's API answers (here: no key), as Stripe would.
      expect((await request('127.0.0.1', '/v1/checkout/sessions/cs_test_x', { Host: host })).status).toBe(401);
    }
    const config = JSON.parse((await request('127.0.0.1', '/api/public-config', { Host: `localhost:${port}` })).body);
    expect(config).toMatchObject({ hasOutbox: true, hasCardSandbox: true });
  });

  it('answers 404 on this machine to another host name', async () => {
    for (const pathname of LOCAL_ONLY) {
      const answer = await request('127.0.0.1', pathname, { Host: 'sweetwish.example' });
      expect(answer.status, pathname).toBe(404);
      expect(answer.body).not.toContain('sign-in');
    }
    const config = JSON.parse((await request('127.0.0.1', '/api/public-config', { Host: 'sweetwish.example' })).body);
    expect(config).toMatchObject({ hasOutbox: false, hasCardSandbox: false });
  });

  it.skipIf(!outsideAddress)('answers 404 to a request from the network, even naming localhost', async () => {
    for (const pathname of LOCAL_ONLY) {
      const answer = await request(outsideAddress ?? '', pathname, { Host: `localhost:${port}` });
      expect(answer.status, pathname).toBe(404);
    }
  });
});
