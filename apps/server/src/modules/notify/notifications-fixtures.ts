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
  /** How many more messages to each address the provider refuses. */
  const refusals = new Map<string, number>();
  const sms = outboxSms(database);
  const email = outboxEmail(database);
  const messaging: Pick<Messaging, 'sms' | 'email'> = {
    sms: {
      kind: 'outbox',
      send: async (to, text) => {
        await gate;
        const refused = refusals.get(to) ?? 0;
        if (refused > 0) {
          refusals.set(to, refused - 1);
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
    /**
     * The provider refuses the next `count` texts to this number. Aimed at one recipient: another test's
     * notification coming due meanwhile (a receipt) is sent as usual rather than take the refusal.
     */
    failNextTo(to: string, count = 1) {
      refusals.set(to, count);
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
