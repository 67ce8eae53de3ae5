import type { DatabaseHandle } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox-store';
import type { EmailSender } from './email-sender';

/** Keeps each e-mail in the local outbox instead of sending it (no SMTP_URL). The HTML part is dropped. */
export function outboxEmail(database: DatabaseHandle): EmailSender {
  return {
    kind: 'outbox',
    send: ({ to, subject, text }) => insertOutboxMessage(database.db, { channel: 'email', to, subject, text }),
  };
}
