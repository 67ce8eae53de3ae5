import { TOKEN_QUANTITY_MAX } from '@sweetwish/shared/money';
import { navigationState } from './wallet-queries';

/** What a fan meant to pay for when a top-up interrupted them (product.md section 4, Top-up). */
export type PaidAction = 'tip' | 'buy' | 'contribute' | 'subscribe';
export type TopUpIntent = { action: PaidAction; tokens: number; isAnonymous: boolean };

/** The navigation-state key an opener puts the intent under, next to the wallet overlay's flag. */
export const TOP_UP_INTENT = 'topUpIntent';

/** The query parameters that carry the intent through the card checkout and back. */
const PARAM = { action: 'resume', tokens: 'amount', isAnonymous: 'anonymous' } as const;
const ACTIONS: readonly PaidAction[] = ['tip', 'buy', 'contribute', 'subscribe'];

function parseIntent(action: unknown, tokens: unknown, isAnonymous: unknown): TopUpIntent | null {
  if (!ACTIONS.includes(action as PaidAction)) return null;
  const amount = Number(tokens);
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > TOKEN_QUANTITY_MAX) return null;
  return { action: action as PaidAction, tokens: amount, isAnonymous: isAnonymous === true || isAnonymous === '1' };
}

/** The intent an opener left in the navigation state, or null. */
export function intentFromState(state: unknown): TopUpIntent | null {
  const value = navigationState(navigationState(state)[TOP_UP_INTENT]);
  return parseIntent(value.action, value.tokens, value.isAnonymous);
}

/** `path` (a path with its query) with the intent added, so the screen can pick it up again on return. */
export function pathWithIntent(path: string, intent: TopUpIntent): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.set(PARAM.action, intent.action);
  url.searchParams.set(PARAM.tokens, String(intent.tokens));
  if (intent.isAnonymous) url.searchParams.set(PARAM.isAnonymous, '1');
  else url.searchParams.delete(PARAM.isAnonymous);
  return `${url.pathname}${url.search}`;
}

/** The intent carried in a query string ("?resume=tip&amount=25"), or null. */
export function intentFromSearch(search: string): TopUpIntent | null {
  const params = new URLSearchParams(search);
  return parseIntent(params.get(PARAM.action), params.get(PARAM.tokens), params.get(PARAM.isAnonymous));
}

/** The query string without the intent's parameters, once the screen has picked it up. */
export function searchWithoutIntent(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(PARAM)) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The navigation-state key the top-up return page sets: the tokens just bought and the balance before. */
export const TOP_UP_ADDED = 'topUpAdded';
export type TopUpAdded = { tokens: number; balanceCentsBefore: number | null };

export function topUpAddedFromState(state: unknown): TopUpAdded | null {
  const value = navigationState(navigationState(state)[TOP_UP_ADDED]);
  const { tokens, balanceCentsBefore } = value;
  if (typeof tokens !== 'number' || !Number.isSafeInteger(tokens) || tokens <= 0) return null;
  return {
    tokens,
    balanceCentsBefore:
      typeof balanceCentsBefore === 'number' && Number.isFinite(balanceCentsBefore) ? balanceCentsBefore : null,
  };
}
