import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random identifier in Stripe's style: a prefix, an underscore and `length` letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  for (const byte of bytes) {
    // 248 is the largest multiple of 62 below 256: rejecting above it keeps every character equally likely.
    if (byte >= 248) continue;
    id += ALPHABET[byte % 62];
    if (id.length === length) break;
  }
  return id.length === length ? `${prefix}_${id}` : newId(prefix, length);
}
