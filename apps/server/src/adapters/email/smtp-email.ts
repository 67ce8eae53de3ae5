import { createTransport } from 'nodemailer';
import type { EmailSender } from './email-sender';

/**
 * A sign-in request waits on the send; nodemailer's defaults (minutes to an hour) would hold it. Query
 * parameters of SMTP_URL (e.g. ?socketTimeout=60000) still override these.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function smtpEmail({ url, from }: { url: string; from: string }): EmailSender & { close(): void } {
  const transport = createTransport({ url, ...TIMEOUTS });
  return {
    kind: 'smtp',
    send: async ({ to, subject, text, html }) => {
      await transport.sendMail({ from, to, subject, text, html });
    },
    close: () => transport.close(),
  };
}
