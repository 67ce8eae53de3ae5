/**
 * A page path's segments, each decoded as the web app's router decodes its parameters; undefined when one
 * does not decode (a stray `%`): no page has such an address, and decoding it must not be a server error.
 */
export function pathSegments(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch (err) {
    if (err instanceof URIError) return undefined;
    throw err;
  }
}
