import type { Settings } from '@sweetwish/shared/settings';

/** "+1 202-555-0123" from "+12025550123"; other numbers as they are. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+1 ${match[1]}-${match[2]}-${match[3]}` : phone;
}

/**
 * Where notifications go (product.md section 1: to the sign-in method), in a sentence: "by text message to
 * +1 202-555-0123" or "by e-mail to fan@example.com".
 */
export function notificationDestination(
  channel: Settings['notificationChannel'],
  me: { phoneNumber: string | null; email: string | null },
): string {
  if (channel === 'sms')
    return me.phoneNumber ? `by text message to ${formatPhone(me.phoneNumber)}` : 'by text message';
  return me.email ? `by e-mail to ${me.email}` : 'by e-mail';
}

/** What a notification is called on this channel: "A text message" or "An e-mail". */
export function notificationNoun(channel: Settings['notificationChannel']): string {
  return channel === 'sms' ? 'A text message' : 'An e-mail';
}
