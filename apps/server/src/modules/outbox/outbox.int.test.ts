import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { OutboxList } from '@sweetwish/shared/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { outboxEmail } from '../../adapters/email/outbox-email';
import { createMessaging } from '../../adapters/messaging';
import { outboxSms } from '../../adapters/sms/outbox-sms';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { isOutboxEnabled } from './outbox-policy';
import { outboxRoutes } from './routes';

/** A unique address per test, so tests sharing a database only look at their own messages. */
const uniqueEmail = () => `fan-${randomUUID()}@example.com`;
const uniquePhone = () => `+1202${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe.each(databaseKinds())('the local outbox on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  async function getOutbox() {
    const api = new OpenAPIHono<AppEnv>().basePath('/api');
    api.route('/', outboxRoutes(database));
    const res = await api.request('/api/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    return OutboxList.parse(await res.json());
  }

  it('lists the texts and e-mails sent through the outbox adapters, newest first', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const before = Date.now();
    await outboxSms(database).send(phone, 'Your Sweetwish code is 482913');
    await outboxEmail(database).send({
      to: email,
      subject: 'Your sign-in link',
      text: 'Open http://localhost:5172/link to sign in',
      html: '<a href="http://localhost:5172/link">Sign in</a>',
    });
    await outboxSms(database).send(phone, 'Your Sweetwish code is 771204');

    const mine = (await getOutbox()).filter((m) => m.to === phone || m.to === email);

    expect(mine.map(({ createdAt: _, ...rest }) => rest)).toEqual([
      { channel: 'sms', to: phone, subject: null, text: 'Your Sweetwish code is 771204' },
      { channel: 'email', to: email, subject: 'Your sign-in link', text: 'Open http://localhost:5172/link to sign in' },
      { channel: 'sms', to: phone, subject: null, text: 'Your Sweetwish code is 482913' },
    ]);
    for (const { createdAt } of mine) {
      expect(new Date(createdAt).toISOString()).toBe(createdAt);
      // A second of slack for clocks of a database server on another machine.
      expect(Date.parse(createdAt)).toBeGreaterThanOrEqual(before - 1_000);
    }
  });

  it('lists only the newest 100 messages', async () => {
    const email = uniqueEmail();
    const sender = outboxEmail(database);
    for (let i = 1; i <= 101; i++) await sender.send({ to: email, subject: `Message ${i}`, text: 'x' });

    const outbox = await getOutbox();

    expect(outbox).toHaveLength(100);
    expect(outbox[0]?.subject).toBe('Message 101');
    expect(outbox.map((m) => m.subject)).not.toContain('Message 1');
  });

  it('receives the messages of an app with no SMS or e-mail provider configured', async () => {
    const messaging = createMessaging(loadConfig({ DATA_DIR: '/tmp/sweetwish-unused' }), database);
    const phone = uniquePhone();
    const email = uniqueEmail();

    await messaging.sms.send(phone, 'Code 123456');
    await messaging.email.send({ to: email, subject: 'Link', text: 'Open the link' });
    await messaging.close();

    const mine = (await getOutbox()).filter((m) => m.to === phone || m.to === email);
    expect(mine.map((m) => [m.channel, m.to, m.text])).toEqual([
      ['email', email, 'Open the link'],
      ['sms', phone, 'Code 123456'],
    ]);
  });
});

describe('isOutboxEnabled', () => {
  const smtp = { SMTP_URL: 'smtp://user:pass@smtp.example.com:587' };
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: 'a-secret-auth-token',
    TWILIO_FROM_NUMBER: '+15005550006',
  };

  it.each([
    ['no providers, default local address', {}, true],
    ['no providers, http://localhost:5172', { PUBLIC_URL: 'http://localhost:5172' }, true],
    ['no providers, http://127.0.0.1:8080', { PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
    ['no providers, http://[::1]:5172', { PUBLIC_URL: 'http://[::1]:5172' }, true],
    ['only SMTP, local', { ...smtp, PUBLIC_URL: 'http://localhost:5172' }, true],
    ['only Twilio, local', { ...twilio, PUBLIC_URL: 'http://localhost:5172' }, true],
    ['SMTP and Twilio, local', { ...smtp, ...twilio, PUBLIC_URL: 'http://localhost:5172' }, false],
    ['no providers, public host', { PUBLIC_URL: 'https://sweetwish.app' }, false],
    ['no providers, a host that only starts with localhost', { PUBLIC_URL: 'http://localhost.example.com' }, false],
    ['only SMTP, public host', { ...smtp, PUBLIC_URL: 'https://sweetwish.app' }, false],
    ['SMTP and Twilio, public host', { ...smtp, ...twilio, PUBLIC_URL: 'https://sweetwish.app' }, false],
  ])('%s: %s', (_name, env, expected) => {
    expect(isOutboxEnabled(loadConfig({ DATA_DIR: '/tmp/sweetwish-unused', ...env }))).toBe(expected);
  });
});
