import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpEmail } from './smtp-email';

type ReceivedMail = { from: string; recipients: string[]; raw: string };

const FROM = 'Sweetwish <no-reply@sweetwish.app>';

/** A real SMTP server on a free local port that keeps every message it accepts. */
async function startSmtpServer(options: { rejectRecipient?: (address: SMTPServerAddress) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address)) {
        callback(Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          recipients: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(r)) };
}

describe('smtpEmail against a local SMTP server', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('delivers the message to the recipient with the configured sender, subject and body', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const email = smtpEmail({ url: smtp.url, from: FROM });
    cleanups.push(email.close);
    expect(email.kind).toBe('smtp');

    await email.send({
      to: 'fan@example.com',
      subject: 'Your sign-in link',
      text: 'Open this link to sign in: http://localhost:5172/auth/magic?token=abc123',
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.recipients).toEqual(['fan@example.com']);
    expect(mail?.from).toBe('no-reply@sweetwish.app');
    expect(mail?.raw).toMatch(/^From: Sweetwish <no-reply@sweetwish\.app>\r$/m);
    expect(mail?.raw).toMatch(/^Subject: Your sign-in link\r$/m);
    expect(mail?.raw).toContain('Open this link to sign in: http://localhost:5172/auth/magic?token=abc123');
  });

  it('rejects when the server refuses the recipient', async () => {
    const smtp = await startSmtpServer({ rejectRecipient: (address) => address.address === 'nobody@example.com' });
    cleanups.push(smtp.close);
    const email = smtpEmail({ url: smtp.url, from: FROM });
    cleanups.push(email.close);

    await expect(email.send({ to: 'nobody@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow(
      /Mailbox does not exist/,
    );
    expect(smtp.received).toHaveLength(0);
  });
});
