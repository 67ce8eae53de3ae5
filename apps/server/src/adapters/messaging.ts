import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { EmailSender } from './email/email-sender';
import { outboxEmail } from './email/outbox-email';
import { smtpEmail } from './email/smtp-email';
import { outboxSms } from './sms/outbox-sms';
import type { SmsSender } from './sms/sms-sender';
import { twilioSms } from './sms/twilio-sms';

export type Messaging = {
  sms: SmsSender;
  email: EmailSender;
  /** Closes the SMTP connections, if any. */
  close: () => Promise<void>;
};

/** The configured provider for each channel, or the local outbox when it has none (architecture.md section 2). */
export function createMessaging(config: Config, database: DatabaseHandle): Messaging {
  const smtp = config.smtp ? smtpEmail(config.smtp) : undefined;
  return {
    sms: config.twilio ? twilioSms(config.twilio) : outboxSms(database),
    email: smtp ?? outboxEmail(database),
    close: async () => smtp?.close(),
  };
}
