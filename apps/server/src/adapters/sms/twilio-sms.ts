import type { Config } from '../../config';
import type { SmsSender } from './sms-sender';

export type TwilioSettings = NonNullable<Config['twilio']>;

/** A sign-in request waits on this call; a stuck provider must not hold it for minutes. */
const TWILIO_TIMEOUT_MS = 10_000;

/** Sends through Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource). */
export function twilioSms(settings: TwilioSettings, fetchImpl: typeof fetch = fetch): SmsSender {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    send: async (to, text) => {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: settings.fromNumber, Body: text }),
        signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
      });
      if (res.ok) {
        // Release the connection; the created message's details are of no use to the caller.
        await res.body?.cancel();
        return;
      }
      const reason = await twilioErrorMessage(res);
      throw new Error(`Twilio refused the SMS (HTTP ${res.status})${reason ? `: ${reason}` : ''}`);
    },
  };
}

/** Twilio answers errors with JSON `{code, message, more_info, status}`; anything else has no reason to show. */
async function twilioErrorMessage(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}
