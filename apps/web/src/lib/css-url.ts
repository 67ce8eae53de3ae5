/**
 * A CSS `url("…")` for an address that came from data: quotes, backslashes and control characters are
 * escaped, so the address can never end the string and add rules of its own (CSS injection).
 */
export function cssUrl(address: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be escaped here.
  const escaped = address.replace(/["\\\u0000-\u001f\u007f]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `);
  return `url("${escaped}")`;
}
