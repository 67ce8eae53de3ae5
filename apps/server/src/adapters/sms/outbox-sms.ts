import type { DatabaseHandle } from '../../db/client';
import { insertOutboxMessage } from '../outbox/outbox-store';
import type { SmsSender } from './sms-sender';

/** Keeps each text message in the local outbox instead of sending it (no SMS provider configured). */
export function outboxSms(database: DatabaseHandle): SmsSender {
  return {
    kind: 'outbox',
    send: (to, text) => insertOutboxMessage(database.db, { channel: 'sms', to, subject: null, text }),
  };
}
