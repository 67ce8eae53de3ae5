/** In-app browsers of social apps where signing in is unsafe (product.md section 2), by the name shown to the visitor. */
export type InAppBrowser = 'Instagram' | 'Facebook';

export function detectInAppBrowser(userAgent: string): InAppBrowser | undefined {
  if (/Instagram/i.test(userAgent)) return 'Instagram';
  if (/FBAN|FBAV|FB_IAB/.test(userAgent)) return 'Facebook';
  return undefined;
}
