/**
 * A whole number with its thousands separated by commas ("1,250", "-12,000"), as `toLocaleString('en-US')`
 * writes it, without Intl: a page's first call to Intl's number formatting loads the locale data, 25-35 ms of
 * main thread on a desktop, about four times that on a phone, in the middle of the first render (Lighthouse's
 * Total Blocking Time). The web app formats every amount it shows on first paint with this.
 */
export function groupThousands(whole: number): string {
  if (!Number.isSafeInteger(whole)) throw new RangeError(`groupThousands takes a safe integer, not ${whole}`);
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}
