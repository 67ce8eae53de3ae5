import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { useEffect } from 'react';

/** What a route's `handle` holds: its screen's title, or none for a screen that names itself (a creator, a wish). */
export type ScreenHandle = { title?: string };

/** The browser tab's title when no screen names itself (index.html's). */
export const DEFAULT_TITLE = `${PRODUCT_NAME}: Your Sweetest Wishlist`;

/** A screen's title in the browser tab, e.g. "Balance · Sweetwish"; the server writes the same for its pages. */
export const pageTitle = (title: string) => `${title} · ${PRODUCT_NAME}`;

/** Names the tab after what the screen shows (a creator, a wish), once it knows; nothing while `title` is undefined. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title !== undefined) document.title = pageTitle(title);
  }, [title]);
}
