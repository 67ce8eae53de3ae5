import type { Config } from '../../config';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The outbox shows sign-in codes and links to whoever asks, so it exists only while some message goes
 * to the local outbox and the app is reached at a local address: never in production (architecture.md section 2).
 */
export function isOutboxEnabled(config: Pick<Config, 'smtp' | 'twilio' | 'publicUrl'>): boolean {
  const isUsingLocalAdapter = config.smtp === undefined || config.twilio === undefined;
  return isUsingLocalAdapter && LOCAL_HOSTS.has(config.publicUrl.hostname);
}
