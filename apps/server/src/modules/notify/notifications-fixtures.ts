import { outboxEmail } from '../../adapters/email/outbox-email';
import type { Messaging } from '../../adapters/messaging';
import { outboxSms } from '../../adapters/sms/outbox-sms';
import type { DatabaseHandle } from '../../db/client';

// What the notification suites share: the app's origin, a messaging that records what it sends, and a wait.

export const ORIGIN = 'http://localhost:5172';

export type Sent = { channel: 'sms' | 'email'; to: string; text: string; subject?: string };

/** Messaging that records what it sends (and can be made to wait or fail), in front of the real outbox. */
export function recordingMessaging(database: DatabaseHandle) {
  const sent: Sent[] = [];
  let gate: Promise<void> | undefined;
  let failures = 0;
  const sms = outboxSms(database);
  const email = outboxEmail(database);
  const messaging: Pick<Messaging, 'sms' | 'email'> = {
    sms: {
      kind: 'outbox',
      send: async (to, text) => {
        await gate;
        if (failures > 0) {
          failures--;
          throw new Error('the provider is down');
        }
        await sms.send(to, text);
        sent.push({ channel: 'sms', to, text });
      },
    },
    email: {
      kind: 'outbox',
      send: async (message) => {
        await gate;
        await email.send(message);
        sent.push({ channel: 'email', ...message });
      },
    },
  };
  return {
    messaging,
    sent,
    /** Sends wait until the returned function is called. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    failNext(count: number) {
      failures = count;
    },
  };
}

export async function until(check: () => Promise<boolean> | boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
