import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureLogger, testConfig } from '../test/app-harness';
import { type RunningServer, startServer } from './server';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

describe('the server process', () => {
  // tsx compiles the whole server first: 4.6 s of CPU alone, over 30 s while the rest of the suite shares
  // the two cores. The limit only keeps a hang from lasting forever.
  it('refuses to start with a bad environment and lists every problem', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, PORT: 'abc', DATABASE_URL: 'mysql://nowhere/db', LOG_LEVEL: 'chatty' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toMatch(/- PORT /);
    expect(result.stderr).toMatch(/- DATABASE_URL /);
    expect(result.stderr).toMatch(/- LOG_LEVEL /);
  }, 150_000);
});

describe('graceful shutdown', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a request that is in flight, refuses new connections, then closes the database', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-shutdown-'));
    const { logger, lines } = captureLogger();
    server = await startServer(
      testConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5172' }),
      logger,
    );
    const url = new URL('/api/client-errors', server.url);

    // Send the headers and half of the body, stop the server, then send the rest.
    const body = JSON.stringify({ message: 'late report', url: '/' });
    let onConnected = () => {};
    const connected = new Promise<void>((resolve) => {
      onConnected = resolve;
    });
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': body.length,
            Origin: 'http://localhost:5172',
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.once('socket', (socket) => socket.once('connect', onConnected));
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 300);
    });
    // In flight: connected (on a loaded machine that can take longer than the pause) and half sent.
    await connected;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = server.stop();

    expect(await response).toBe(204);
    await stopped;
    server = undefined;
    await expect(fetch(new URL('/api/health', url))).rejects.toThrow();
    const messages = lines.map((l) => l.msg);
    expect(messages.indexOf('client error')).toBeLessThan(messages.indexOf('stopped'));
  });
});

describe('keep-alive', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an idle connection open past Node’s 5 s, so a client reusing it is not reset', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-keepalive-'));
    server = await startServer(
      testConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5172' }),
      captureLogger().logger,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(new URL('/api/health', server?.url), { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on('error', reject);
      });
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get();
    expect([first.status, second.status]).toEqual([200, 200]);
    // The same connection served both: the server had not closed it.
    expect(second.socket).toBe(first.socket);
    agent.destroy();
    // A guard against a hang: starting on a new data folder migrates it, which took over 30 s beside the
    // end-to-end tests on two cores.
  }, 90_000);
});

describe('request bodies over HTTP, as Node hands them over', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bodies-'));
    server = await startServer(
      testConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:5172' }),
      captureLogger().logger,
    );
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A JSON POST with its length declared, or sent in chunks (Transfer-Encoding: chunked). */
  function post(body: string, options: { isChunked: boolean }) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/json', Origin: 'http://localhost:5172' };
      if (!options.isChunked) headers['Content-Length'] = Buffer.byteLength(body);
      const req = http.request(new URL('/api/client-errors', server.url), { method: 'POST', headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      if (options.isChunked) {
        const half = Math.floor(body.length / 2);
        req.write(body.slice(0, half));
        req.end(body.slice(half));
      } else {
        req.end(body);
      }
    });
  }

  it.each([false, true])('reads a JSON body once and checks it, sent in chunks: %s', async (isChunked) => {
    const ok = await post(JSON.stringify({ message: 'a report', url: '/' }), { isChunked });
    expect(ok.status).toBe(204);
    const tooLarge = await post(JSON.stringify({ message: 'x'.repeat(100_000), url: '/' }), { isChunked });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const withNul = await post(JSON.stringify({ message: 'a\u0000b', url: '/' }), { isChunked });
    expect(withNul.status).toBe(400);
    expect(JSON.parse(withNul.body).error.message).toBe('Text must not contain NUL characters');
    const badField = await post(JSON.stringify({ message: 'a report', url: 42 }), { isChunked });
    expect(badField.status).toBe(400);
    expect(Object.keys(JSON.parse(badField.body).error.fields)).toEqual(['url']);
  });
});
