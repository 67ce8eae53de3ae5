import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twilioSms } from './twilio-sms';

type ReceivedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

const settings = {
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: 'tok_3f9c2e1d7b6a5f4e',
  fromNumber: '+15005550006',
};

/** A local stand-in for api.twilio.com: records each request and answers with the next reply set. */
describe('twilioSms against a local Twilio stand-in', () => {
  let server: http.Server;
  let apiUrl: string;
  let received: ReceivedRequest[];
  let reply: { status: number; body: string };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = [];
    reply = { status: 201, body: JSON.stringify({ sid: `SM${'0'.repeat(32)}`, status: 'queued' }) };
  });

  it("posts the message to the account's Messages resource with Basic auth and form fields", async () => {
    const sms = twilioSms({ ...settings, apiUrl });
    expect(sms.kind).toBe('twilio');

    await sms.send('+12025550123', 'Your Sweetwish code is 123456 & welcome');

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${settings.accountSid}/Messages.json`);
    const expectedAuth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
    expect(request?.headers.authorization).toBe(expectedAuth);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const form = Object.fromEntries(new URLSearchParams(request?.body));
    expect(form).toEqual({
      To: '+12025550123',
      From: '+15005550006',
      Body: 'Your Sweetwish code is 123456 & welcome',
    });
  });

  it("rejects with Twilio's reason when it refuses the message, without the auth token", async () => {
    reply = {
      status: 400,
      body: JSON.stringify({
        code: 21211,
        message: "The 'To' number is not valid.",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      }),
    };
    const sending = twilioSms({ ...settings, apiUrl }).send('+10000000000', 'hello');

    await expect(sending).rejects.toThrow("The 'To' number is not valid.");
    const error = await sending.catch((e: Error) => e);
    expect(String(error)).not.toContain(settings.authToken);
  });

  it('rejects on a server error whose body is not JSON', async () => {
    reply = { status: 503, body: '<html>Service Unavailable</html>' };
    await expect(twilioSms({ ...settings, apiUrl }).send('+12025550123', 'hello')).rejects.toThrow(/503/);
  });

  it('accepts an API address written with a trailing slash', async () => {
    await twilioSms({ ...settings, apiUrl: `${apiUrl}/` }).send('+12025550123', 'hello');
    expect(received[0]?.path).toBe(`/2010-04-01/Accounts/${settings.accountSid}/Messages.json`);
  });
});
