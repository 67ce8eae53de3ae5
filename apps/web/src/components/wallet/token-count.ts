import { CENTS_PER_TOKEN, formatTokens } from '@sweetwish/shared/money';

/** A balance in tokens as words: "1 token", "12.50 tokens", "1,250 tokens". */
export function tokenCount(cents: number): string {
  return `${formatTokens(cents)} ${cents === CENTS_PER_TOKEN ? 'token' : 'tokens'}`;
}
