import { type APIRequestContext, expect } from '@playwright/test';

export type OutboxMessage = {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
};

/** Every SMS and e-mail the server kept in its local outbox, newest first (GET /api/dev/outbox). */
export async function readOutbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const res = await request.get('/api/dev/outbox');
  expect(res.status(), 'the outbox answers (local adapters on a local address)').toBe(200);
  return (await res.json()) as OutboxMessage[];
}

/** Waits for a message to `to` on `channel` that `pick` can read something from; returns what it read. */
async function readLatest<T>(
  request: APIRequestContext,
  channel: OutboxMessage['channel'],
  to: string,
  pick: (message: OutboxMessage) => T | undefined,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const message = (await readOutbox(request)).find(
          (m) => m.channel === channel && m.to.toLowerCase() === to.toLowerCase(),
        );
        found = message ? pick(message) : undefined;
        return found !== undefined;
      },
      { message: `a ${channel} to ${to} in the outbox` },
    )
    .toBe(true);
  return found as T;
}

/** The newest sign-in code sent by SMS to `phone`, read as a person reads the text. */
export function readLatestCode(request: APIRequestContext, phone: string): Promise<string> {
  return readLatest(request, 'sms', phone, (m) => m.text.match(/\b(\d{6})\b/)?.[1]);
}

/** The newest sign-in link e-mailed to `email`. */
export function readLatestEmailLink(request: APIRequestContext, email: string): Promise<string> {
  return readLatest(request, 'email', email, (m) => m.text.match(/https?:\/\/\S+/)?.[0]);
}
