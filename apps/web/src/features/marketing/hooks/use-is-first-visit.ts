import { BROWSER_COOKIES } from '@sweetwish/shared/browser-cookies';
import { useEffect } from 'react';
import { setBrowserCookie } from '../../../lib/cookies';
import { useBrowserRecord } from '../../../lib/server-state';

/** Local storage key holding the time (ms since the epoch) of the latest visit to the landing page (product.md section 3). */
export const LAST_VISITED_KEY = 'last-visited';

/** True when this browser has no record of an earlier visit. Storage errors are logged, never thrown (product.md section 8). */
export function readIsFirstVisit(): boolean {
  try {
    return window.localStorage.getItem(LAST_VISITED_KEY) === null;
  } catch (error) {
    console.warn('Could not read the last visit from local storage', error);
    return false;
  }
}

/**
 * Stores the time of this visit, and the cookie that tells the server (decision 043); a failure (private
 * mode, storage full) is only logged.
 */
export function recordVisit(timestamp: number): void {
  setBrowserCookie(BROWSER_COOKIES.visited);
  try {
    window.localStorage.setItem(LAST_VISITED_KEY, String(timestamp));
  } catch (error) {
    console.warn('Could not record the visit in local storage', error);
  }
}

/**
 * Whether this is the visitor's first visit to the landing page. Read once, before this visit is recorded,
 * so the answer holds for the whole time the page is shown; on a page the server rendered, as the server read
 * it until hydration is done.
 */
export function useIsFirstVisit(): boolean {
  const isFirstVisit = useBrowserRecord(readIsFirstVisit, (record) => record.isFirstVisit ?? false);
  useEffect(() => {
    recordVisit(Date.now());
  }, []);
  return isFirstVisit;
}
