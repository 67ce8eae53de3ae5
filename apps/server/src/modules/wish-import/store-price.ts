/**
 * A store's price as it wrote it ("1,299.00", "29.99", "1.299,00", 45) in cents, or undefined when it is
 * not a price. The last `.` or `,` followed by one or two digits is the decimal mark; any other is a
 * thousands separator.
 */
export function centsOf(amount: string): number | undefined {
  const text = amount.replace(/[^\d.,]/g, '');
  if (!/\d/.test(text)) return undefined;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/g, '');
  const fraction = (decimal?.[1] ?? '').padEnd(2, '0');
  const cents = Number(whole || '0') * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/** A price in US dollars as whole tokens (1 token = US$1), rounded up: 29.01 is 30 tokens. */
export function tokensOfUsd(amount: string): number | undefined {
  const cents = centsOf(amount);
  return cents === undefined ? undefined : Math.ceil(cents / 100);
}
