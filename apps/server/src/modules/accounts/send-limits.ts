import type { RateLimit } from '../rate-limits/service';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How many sign-in codes and links may be sent (issue: abuse limits). Refusals send nothing. */
export const SEND_LIMITS = {
  perDestinationPerHour: 5,
  perDestinationPerDay: 10,
  perIpPerHour: 20,
  perIpPerDay: 50,
  perChannelPerDay: 5000,
};
export type SendLimits = typeof SEND_LIMITS;

/** The limits one send of a sign-in code (SMS) or link (e-mail) must fit in. */
export function sendLimitsFor(
  channel: 'sms' | 'email',
  destination: string,
  ip: string,
  limits: SendLimits = SEND_LIMITS,
): RateLimit[] {
  const what = channel === 'sms' ? 'sign-in codes for this number' : 'sign-in links for this address';
  return [
    {
      key: `${channel}:to:${destination.toLowerCase()}`,
      limit: limits.perDestinationPerHour,
      windowMs: HOUR,
      message: `Too many ${what}. Try again in an hour.`,
    },
    {
      key: `${channel}:to:${destination.toLowerCase()}`,
      limit: limits.perDestinationPerDay,
      windowMs: DAY,
      message: `Too many ${what} today. Try again tomorrow.`,
    },
    {
      key: `signin:ip:${ip}`,
      limit: limits.perIpPerHour,
      windowMs: HOUR,
      message: 'Too many sign-in attempts from your network. Try again in an hour.',
    },
    {
      key: `signin:ip:${ip}`,
      limit: limits.perIpPerDay,
      windowMs: DAY,
      message: 'Too many sign-in attempts from your network today. Try again tomorrow.',
    },
    {
      key: `${channel}:all`,
      limit: limits.perChannelPerDay,
      windowMs: DAY,
      message: 'Sign-in is very busy right now. Please try again later.',
    },
  ];
}
