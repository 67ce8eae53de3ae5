/** How a saved link is labelled: its host without "www." ("instagram.com"), or the link itself when it does not parse. */
export function linkLabel(link: string): string {
  try {
    return new URL(link).host.replace(/^www\./, '');
  } catch {
    return link;
  }
}
