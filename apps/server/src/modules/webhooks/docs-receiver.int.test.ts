import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender } from '../../adapters/webhooks/webhook-sender';
import { newWebhookSecret, signedHeaders } from './signing';

type Receiver = {
  verifyWebhook: (secret: string, headers: Record<string, string>, body: string, nowMs?: number) => unknown;
  createReceiver: (secret: string, onEvent: (event: unknown) => void) => Server;
};

/** The very file docs/webhooks.md shows. */
const RECEIVER = pathToFileURL(path.resolve(import.meta.dirname, '../../../../../docs/webhooks/receiver.mjs')).href;

/** A file's lines without comments, so the shown code and the file compare as code. */
const codeLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !/^\s*(\/\/|\/\*\*|\*\/|\* |\*$)/.test(line));

describe('the sample receiver of docs/webhooks.md', () => {
  it('is the code the page shows', () => {
    const docs = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/webhooks.md'), 'utf8');
    const shown = /```js\n([\s\S]*?)```/.exec(docs)?.[1] ?? '';
    const file = codeLines(fs.readFileSync(new URL(RECEIVER), 'utf8')).join('\n');
    const start = shown.indexOf('export function verifyWebhook');
    expect(start).toBeGreaterThan(0);
    expect(file).toContain(codeLines(shown.slice(start)).join('\n'));
  });

  let receiver: Receiver;
  const secret = newWebhookSecret();
  const body = JSON.stringify({ type: 'tip.received', timestamp: '2026-11-27T10:00:00.000Z', data: { amount: 5 } });
  beforeAll(async () => {
    receiver = (await import(RECEIVER)) as Receiver;
  });

  it('accepts what the server signs, with either secret during a roll', () => {
    const at = new Date();
    const headers = signedHeaders({ secrets: [secret], id: 'evt_1', at, body });
    expect(receiver.verifyWebhook(secret, headers, body)).toEqual(JSON.parse(body));
    const older = newWebhookSecret();
    const both = signedHeaders({ secrets: [secret, older], id: 'evt_1', at, body });
    expect(receiver.verifyWebhook(older, both, body)).toEqual(JSON.parse(body));
    expect(receiver.verifyWebhook(secret, both, body)).toEqual(JSON.parse(body));
  });

  it('refuses a changed body, id or timestamp, another secret, and a delivery older than 5 minutes', () => {
    const at = new Date();
    const headers = signedHeaders({ secrets: [secret], id: 'evt_1', at, body });
    expect(() => receiver.verifyWebhook(secret, headers, body.replace('5', '500'))).toThrow('no valid signature');
    expect(() => receiver.verifyWebhook(secret, { ...headers, 'webhook-id': 'evt_2' }, body)).toThrow();
    expect(() =>
      receiver.verifyWebhook(
        secret,
        { ...headers, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000) + 1) },
        body,
      ),
    ).toThrow('no valid signature');
    expect(() => receiver.verifyWebhook(newWebhookSecret(), headers, body)).toThrow('no valid signature');
    expect(() => receiver.verifyWebhook(secret, headers, body, at.getTime() + 5 * 60_000 + 1000)).toThrow('too old');
    expect(() => receiver.verifyWebhook(secret, {}, body)).toThrow('missing');
  });

  it('answers a real delivery 204, once per webhook-id, and a forged one 400', async () => {
    const events: unknown[] = [];
    const server = receiver.createReceiver(secret, (event) => events.push(event));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const sender = createWebhookSender({ allowLocal: true });
      const headers = signedHeaders({ secrets: [secret], id: 'evt_9', at: new Date(), body });
      expect((await sender.send({ url, headers, body })).statusCode).toBe(204);
      expect((await sender.send({ url, headers, body })).statusCode).toBe(204);
      expect(events).toEqual([JSON.parse(body)]);
      const forged = signedHeaders({ secrets: [newWebhookSecret()], id: 'evt_10', at: new Date(), body });
      expect((await sender.send({ url, headers: forged, body })).statusCode).toBe(400);
    } finally {
      server.close();
    }
  });
});
