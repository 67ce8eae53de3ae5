import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/instances.mjs';
import { startBalancer } from './cluster.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const hasHaproxy = existsSync('/usr/sbin/haproxy');

/** A request sent with its path exactly as written (fetch and URL would normalise it first); the status. */
function statusOf(baseUrl: string, rawPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/`, { path: rawPath }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * deploy/haproxy.cfg as shipped, in front of a stand-in instance that answers 200 to every path: what the
 * balancer refuses never reaches an instance, and what it lets through is logged.
 */
describe.skipIf(!hasHaproxy)('the load balancer (deploy/haproxy.cfg)', () => {
  let instance: http.Server;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;

  beforeAll(async () => {
    instance = http.createServer((_req, res) => res.writeHead(200).end('served'));
    await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
    const port = (instance.address() as AddressInfo).port;
    balancer = await startBalancer({ root, instances: [{ port }, { port }, { port }], port: await freePort() });
  }, 30_000);

  afterAll(async () => {
    await balancer?.stop();
    await new Promise((resolve) => instance?.close(resolve));
  });

  // Each of these is /metrics to an instance: Hono decodes the path, and the URL parser resolves dot segments.
  it.each([
    '/metrics',
    '/metrics/',
    '/METRICS',
    '/Metrics//',
    '/%6detrics',
    '/%6Detrics',
    '/%2e/metrics',
    '/./metrics',
    '//metrics',
    '/x/../metrics',
    '/x/%2e%2e/metrics',
    '/%2fmetrics',
    '/\\metrics',
    '/%5cmetrics',
    '/metrics#top',
    '/metrics?format=json',
  ])('never lets %s reach an instance', async (rawPath) => {
    expect(await statusOf(balancer.baseUrl, rawPath)).not.toBe(200);
  });

  it.each(['/api/ready', '/metricsfan', '/x/metrics-wish', '/api/users/metrics/page', '/%6detricsfan'])(
    'passes %s on',
    async (rawPath) => {
      expect(await statusOf(balancer.baseUrl, rawPath)).toBe(200);
    },
  );

  it('writes an access log line per request: method, path and status', async () => {
    expect(await statusOf(balancer.baseUrl, '/api/ready?from=access-log-test')).toBe(200);
    expect(await statusOf(balancer.baseUrl, '/metrics?from=access-log-test')).toBe(404);
    const deadline = Date.now() + 5_000;
    const lines = () =>
      balancer.log
        .join('')
        .split('\n')
        .filter((line) => line.includes('from=access-log-test'));
    while (lines().length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines()).toEqual([
      expect.stringMatching(/ 200 .*"GET \/api\/ready\?from=access-log-test HTTP\/1\.1"/),
      expect.stringMatching(/ 404 .*"GET \/metrics\?from=access-log-test HTTP\/1\.1"/),
    ]);
  }, 10_000);
});
