import { createHash } from 'node:crypto';

/**
 * The id of what a keyed request creates (a tip, a purchase, a withdrawal, a checkout), the same for
 * every retry with that key: a retry that runs again after a crash finds the first one by its id instead
 * of making a second. A UUID (version 8: custom) from a hash of the scope, the user and the key.
 */
export function keyedId(scope: string, userId: string, key: string): string {
  const hex = createHash('sha256').update(`${scope}\0${userId}\0${key}`).digest('hex');
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
