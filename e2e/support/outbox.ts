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

function isTo(message: OutboxMessage, channel: OutboxMessage['channel'], to: string) {
  return message.channel === channel && message.to.toLowerCase() === to.toLowerCase();
}

/** How many SMS `phone` has received so far: read before asking for a code, so as to wait for the new one. */
export async function countSms(request: APIRequestContext, phone: string): Promise<number> {
  return (await readOutbox(request)).filter((m) => isTo(m, 'sms', phone)).length;
}

/**
 * Waits for a message to `to` on `channel`, beyond the first `alreadySent` of them, that `pick` can read
 * something from; returns what it read from the newest.
 */
async function readLatest<T>(
  request: APIRequestContext,
  channel: OutboxMessage['channel'],
  to: string,
  pick: (message: OutboxMessage) => T | undefined,
  alreadySent = 0,
): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await readOutbox(request)).filter((m) => isTo(m, channel, to));
        const message = messages.length > alreadySent ? messages[0] : undefined;
        found = message ? pick(message) : undefined;
        return found !== undefined;
      },
      { message: `a ${channel} to ${to} in the outbox` },
    )
    .toBe(true);
  return found as T;
}

/**
 * The newest sign-in code sent by SMS to `phone`, read as a person reads the text; with `alreadySent`
 * (countSms before asking), only a code sent after those.
 */
export function readLatestCode(request: APIRequestContext, phone: string, alreadySent = 0): Promise<string> {
  return readLatest(request, 'sms', phone, (m) => m.text.match(/\b(\d{6})\b/)?.[1], alreadySent);
}

/** How many e-mails `email` has received so far: read before asking for a link, so as to wait for the new one. */
export async function countEmails(request: APIRequestContext, email: string): Promise<number> {
  return (await readOutbox(request)).filter((m) => isTo(m, 'email', email)).length;
}

/** The newest sign-in link e-mailed to `email`; with `alreadySent` (countEmails before asking), a newer one. */
export function readLatestEmailLink(request: APIRequestContext, email: string, alreadySent = 0): Promise<string> {
  return readLatest(request, 'email', email, (m) => m.text.match(/https?:\/\/\S+/)?.[0], alreadySent);
}

/**
 * Waits until every job of `type` (e.g. "notification") the server had queued by now has run
 * (GET /api/dev/jobs). A test that must show a message was not sent calls it after the act that would
 * have queued the message: once it returns, the job that would have sent it has run.
 */
export async function waitForQueuedJobs(request: APIRequestContext, type: string): Promise<void> {
  const read = async (upTo?: number) => {
    const res = await request.get(`/api/dev/jobs?type=${encodeURIComponent(type)}${upTo ? `&upTo=${upTo}` : ''}`);
    expect(res.status(), 'the job count answers (local adapters on a local address)').toBe(200);
    return (await res.json()) as { queued: number; newestId: number };
  };
  const { newestId } = await read();
  await expect.poll(async () => (await read(newestId)).queued, { message: `${type} jobs left to run` }).toBe(0);
}
