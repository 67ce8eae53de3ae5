/** Cookies in jsdom, which has no Cookie Store API: the app writes `document.cookie`, and so do tests. */
export function setCookie(pair: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has document.cookie only
  document.cookie = `${pair}; Path=/`;
}

export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) setCookie(`${name}=; Max-Age=0`);
  }
}
