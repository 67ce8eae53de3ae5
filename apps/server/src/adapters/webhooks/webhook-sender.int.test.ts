import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { checkEndpointUrl, WEBHOOK_MESSAGES } from '../../modules/webhooks/service';
import type { Resolver } from '../outbound/address-guard';
import { createWebhookSender } from './webhook-sender';

const body = '{"type":"tip.received"}';

describe('the webhook sender', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  /** A resolver that answers from a table and counts what it was asked. */
  function resolverOf(table: Record<string, string[]>) {
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    return { resolve, asked };
  }

  describe('on a deployment that is not local, refuses every address that is not public, and never connects', () => {
    const { resolve, asked } = resolverOf({
      'internal.example': ['10.0.0.5'],
      'mixed.example': ['93.184.216.34', '192.168.1.10'],
      'metadata.example': ['169.254.169.254'],
      'mapped.example': ['::ffff:127.0.0.1'],
    });
    const sender = createWebhookSender({ allowLocal: false, resolve });
    it.each([
      `https://127.0.0.1:${443}/hook`,
      'https://[::1]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://100.64.0.1/hook',
      'https://0.0.0.0/hook',
      'https://224.0.0.1/hook',
      'https://localhost/hook',
      'https://internal.example/hook',
      'https://mixed.example/hook',
      'https://metadata.example/hook',
      'https://mapped.example/hook',
    ])('%s', async (url) => {
      const answer = await sender.send({ url, headers: {}, body });
      expect(answer.statusCode).toBeNull();
      expect(answer.error).toMatch(/not a public|refused/);
    });
    it('and plain http', async () => {
      const answer = await sender.send({ url: 'http://hooks.example.com/x', headers: {}, body });
      expect(answer).toMatchObject({ statusCode: null, error: 'refused: not an https:// address' });
      expect(asked).not.toContain('hooks.example.com');
    });
  });

  it('connects to the very address it checked: the name is resolved once, by the checked resolver', async () => {
    const { path } = receiver.newPath();
    // A name no DNS knows: the delivery can only arrive if the connection used the checked address.
    const { resolve, asked } = resolverOf({ 'pinned.invalid': ['127.0.0.1'] });
    const sender = createWebhookSender({ allowLocal: true, resolve });
    const answer = await sender.send({ url: `http://pinned.invalid:${receiver.port}${path}`, headers: {}, body });
    expect(answer).toMatchObject({ statusCode: 200, error: null, body: 'ok' });
    expect(asked).toEqual(['pinned.invalid']);
    expect(receiver.to(path)[0]?.headers.host).toBe(`pinned.invalid:${receiver.port}`);
  });

  it('follows no redirect: a 3xx is the answer', async () => {
    const target = receiver.newPath();
    const { path, url } = receiver.newPath({ status: 302, headers: { location: target.url } });
    const answer = await createWebhookSender({ allowLocal: true }).send({ url, headers: {}, body });
    expect(answer.statusCode).toBe(302);
    expect(receiver.to(path)).toHaveLength(1);
    expect(receiver.to(target.path)).toHaveLength(0);
  });

  it('gives up at its deadline, and reads only the first bytes of an answer that never ends', async () => {
    const { url } = receiver.newPath('hang');
    const sender = createWebhookSender({ allowLocal: true, timeoutMs: 300, maxBodyBytes: 1024 });
    const hung = await sender.send({ url, headers: {}, body });
    expect(hung).toMatchObject({ statusCode: null, error: 'timed out' });
    expect(hung.durationMs).toBeLessThan(2_000);
    // A server that streams forever: the sender stops reading after maxBodyBytes.
    const endless = http.createServer((_req, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('y'.repeat(512)), 5);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = endless.address() as AddressInfo;
      const answer = await sender.send({ url: `http://127.0.0.1:${port}/`, headers: {}, body });
      expect(answer.statusCode).toBe(200);
      expect(answer.body.length).toBe(1024);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });
});

describe('an endpoint address, when it is saved', () => {
  const production = { allowLocal: false };
  it.each([
    ['http://hooks.example.com/x', WEBHOOK_MESSAGES.notHttps],
    ['https://user:pass@hooks.example.com/x', WEBHOOK_MESSAGES.credentials],
    ['https://127.0.0.1/x', WEBHOOK_MESSAGES.privateAddress],
    ['https://[::1]/x', WEBHOOK_MESSAGES.privateAddress],
    ['https://169.254.169.254/latest', WEBHOOK_MESSAGES.privateAddress],
    ['https://localhost/x', WEBHOOK_MESSAGES.privateAddress],
    ['https://10.1.2.3/x', WEBHOOK_MESSAGES.privateAddress],
  ])('refuses %s outside a local deployment', (url, message) => {
    expect(() => checkEndpointUrl(url, production)).toThrow(message);
  });
  it('accepts a public https address, and http or loopback on a local deployment', () => {
    expect(checkEndpointUrl('https://hooks.example.com/x', production)).toBe('https://hooks.example.com/x');
    expect(checkEndpointUrl('http://127.0.0.1:8080/x', { allowLocal: true })).toBe('http://127.0.0.1:8080/x');
    expect(() => checkEndpointUrl('http://a:b@127.0.0.1/x', { allowLocal: true })).toThrow(
      WEBHOOK_MESSAGES.credentials,
    );
  });
});
