import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from './tables';

// The local outbox is a stand-in for the SMS and e-mail providers: its store belongs to the adapters that
// write it (decision 024). The development page that lists it (modules/outbox/routes.ts) reads it here.

export type NewOutboxMessage = {
  channel: 'sms' | 'email';
  to: string;
  /** E-mails only; a text message has none. */
  subject: string | null;
  text: string;
};

export async function insertOutboxMessage(db: Database, message: NewOutboxMessage): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** The latest messages, newest first. */
export async function listOutboxMessages(db: Database, limit = 100) {
  return db
    .select({
      channel: outboxMessages.channel,
      to: outboxMessages.to,
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.id))
    .limit(limit);
}
