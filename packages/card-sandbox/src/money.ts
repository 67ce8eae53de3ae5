/** Currencies whose amounts Stripe counts in whole units rather than hundredths. */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** An amount in the currency's smallest unit, as a reader expects it: 5100 usd -> "$51.00". */
export function formatAmount(amount: number, currency: string): string {
  const divisor = ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? 1 : 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      amount / divisor,
    );
  } catch {
    return `${(amount / divisor).toFixed(divisor === 1 ? 0 : 2)} ${currency.toUpperCase()}`;
  }
}
