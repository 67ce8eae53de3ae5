import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { isPublicAddress, REFUSED_ADDRESS, type Resolver } from './address-guard';
import { guardedRequest, type OutboundOptions } from './guarded-request';

// The one guard for requests to users' URLs (decision 056): what a later fetch of a store link relies on.
describe('a guarded request', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const limits = { connectTimeoutMs: 2_000, totalTimeoutMs: 5_000, maxBodyBytes: 1024 };
  /** A resolver from a table, counting what it was asked. */
  function resolverOf(table: Record<string, string[]>) {
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { resolve, asked };
  }
  /**
   * Production rules, except that 127.0.0.1 (where the test servers listen) counts as public: the rest of
   * 127.0.0.0/8 stays refused, which is what the redirect tests aim at.
   */
  const productionFor = (resolve: Resolver): OutboundOptions => ({
    ...limits,
    allowLocal: false,
    allowHttp: true,
    resolve,
    isPublic: (address) => address === '127.0.0.1' || isPublicAddress(address),
  });

  it('connects to the very address it checked, resolving the name once', async () => {
    const { path } = receiver.newPath();
    const { resolve, asked } = resolverOf({ 'pinned.invalid': ['127.0.0.1'] });
    const answer = await guardedRequest(
      { url: `http://pinned.invalid:${receiver.port}${path}`, method: 'GET' },
      { ...limits, allowLocal: true, resolve },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body.toString()).toBe('ok');
    expect(asked).toEqual(['pinned.invalid']);
    expect(receiver.to(path)[0]?.headers.host).toBe(`pinned.invalid:${receiver.port}`);
  });

  it('follows no redirect unless asked: a 3xx is the answer', async () => {
    const target = receiver.newPath();
    const { path, url } = receiver.newPath({ status: 302, headers: { location: target.url } });
    const answer = await guardedRequest({ url, method: 'GET' }, { ...limits, allowLocal: true });
    expect(answer.statusCode).toBe(302);
    expect(receiver.to(path)).toHaveLength(1);
    expect(receiver.to(target.path)).toHaveLength(0);
  });

  it('checks every redirect’s host again, and follows one to a public address', async () => {
    const { resolve } = resolverOf({ 'start.invalid': ['127.0.0.1'], 'next.invalid': ['127.0.0.1'] });
    const final = receiver.newPath();
    const hop = receiver.newPath({
      status: 303,
      headers: { location: `http://next.invalid:${receiver.port}${final.path}` },
    });
    const followed = await guardedRequest(
      { url: `http://start.invalid:${receiver.port}${hop.path}`, method: 'POST', body: 'x' },
      { ...productionFor(resolve), maxRedirects: 3 },
    );
    expect(followed).toMatchObject({ statusCode: 200, url: `http://next.invalid:${receiver.port}${final.path}` });
    expect(receiver.to(final.path)).toHaveLength(1);
    // A redirect to another loopback address, by literal or by name, is refused before connecting.
    for (const location of [`http://127.0.0.2:${receiver.port}/x`, `http://[::127.0.0.1]:${receiver.port}/x`]) {
      const inward = receiver.newPath({ status: 302, headers: { location } });
      await expect(
        guardedRequest(
          { url: `http://start.invalid:${receiver.port}${inward.path}`, method: 'GET' },
          { ...productionFor(resolve), maxRedirects: 3 },
        ),
      ).rejects.toThrow(REFUSED_ADDRESS);
    }
    const { resolve: rebinding } = resolverOf({ 'start.invalid': ['127.0.0.1'], 'inside.invalid': ['10.0.0.7'] });
    const toName = receiver.newPath({
      status: 307,
      headers: { location: `http://inside.invalid:${receiver.port}/x` },
    });
    const refusal = await guardedRequest(
      { url: `http://start.invalid:${receiver.port}${toName.path}`, method: 'GET' },
      { ...productionFor(rebinding), maxRedirects: 3 },
    ).catch((err: Error & { detail: string }) => err);
    expect(refusal).toMatchObject({ message: REFUSED_ADDRESS, detail: expect.stringContaining('10.0.0.7') });
  });

  it('refuses http, and private addresses by literal or by name, on a deployment that is not local', async () => {
    const { resolve } = resolverOf({ 'vm.invalid': ['192.168.1.20'] });
    const production = { ...limits, allowLocal: false, resolve };
    await expect(guardedRequest({ url: 'http://example.com/', method: 'GET' }, production)).rejects.toThrow(
      'refused: not an https:// address',
    );
    for (const url of ['https://vm.invalid/', 'https://[::127.0.0.1]/', 'https://2130706433/']) {
      await expect(guardedRequest({ url, method: 'GET' }, production), url).rejects.toThrow(REFUSED_ADDRESS);
    }
  });

  it('gives up connecting at the connect deadline, and the whole exchange at the total one', async () => {
    // Accepts the connection and says nothing: a TLS handshake never completes.
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { url: hung } = receiver.newPath('hang');
    try {
      const { port } = silent.address() as AddressInfo;
      const options = { ...limits, allowLocal: true, connectTimeoutMs: 300, totalTimeoutMs: 600 };
      const started = Date.now();
      await expect(guardedRequest({ url: `https://127.0.0.1:${port}/`, method: 'GET' }, options)).rejects.toThrow(
        'timed out connecting',
      );
      await expect(guardedRequest({ url: hung, method: 'POST', body: '{}' }, options)).rejects.toThrow(/^timed out$/);
      // Generous: a loaded machine is slow, but nowhere near the old 10 s.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
  });

  it('reads only the first bytes of an answer that never ends', async () => {
    const endless = http.createServer((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('y'.repeat(512)), 5);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endless.address() as AddressInfo;
      const answer = await guardedRequest(
        { url: `http://127.0.0.1:${port}/`, method: 'GET' },
        {
          ...limits,
          allowLocal: true,
        },
      );
      expect(answer.body.length).toBe(1024);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });
});
