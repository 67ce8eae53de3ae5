/**
 * The US phone field's mask "#00-000-0000" (product.md section 5): ten digits, the first of them 1-9, shown as
 * 202-555-0123 with the dashes put in while typing. Anything but digits is dropped; a pasted "+1" country
 * code is left out, since the field holds the national number only.
 */
export const PHONE_MASK = '#00-000-0000';
export const PHONE_DIGITS = 10;

export function maskUsPhone(input: string): string {
  const withoutCountry = input.trim().startsWith('+1') ? input.trim().slice(2) : input;
  const digits = withoutCountry.replace(/\D/g, '').replace(/^0+/, '').slice(0, PHONE_DIGITS);
  const parts = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter((part) => part.length > 0);
  return parts.join('-');
}
