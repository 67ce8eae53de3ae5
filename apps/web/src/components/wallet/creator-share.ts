import { CENTS_PER_TOKEN, splitGift } from '@sweetwish/shared/money';

/**
 * What the creator's wallet receives for a gift of `tokens`, in cents: the server's own split (80%, with the
 * platform and processing fees taken; an affiliate's part comes out of the platform fee, not the creator's).
 */
export function creatorShareCents(tokens: number): number {
  return tokens > 0 ? splitGift(Math.round(tokens * CENTS_PER_TOKEN), false).recipientCents : 0;
}
