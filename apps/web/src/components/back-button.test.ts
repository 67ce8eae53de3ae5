import { afterEach, describe, expect, it } from 'vitest';
import { isFirstHistoryEntry } from './back-button';

const setReferrer = (referrer: string) =>
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });

describe('isFirstHistoryEntry (the back arrow: one page back, or /home when the app was opened here)', () => {
  afterEach(() => {
    setReferrer('');
    window.history.replaceState(null, '');
  });

  it('is false after a step in the app', () => {
    window.history.pushState({ idx: 1 }, '');
    expect(isFirstHistoryEntry()).toBe(false);
  });

  it('is true on the page the app was opened on from elsewhere, or in a new tab', () => {
    window.history.pushState({ idx: 0 }, '');
    expect(isFirstHistoryEntry()).toBe(true);
    setReferrer('https://elsewhere.example/post');
    expect(isFirstHistoryEntry()).toBe(true);
  });

  it("is false on a page reached by a link of one of this site's pages, which loaded it anew", () => {
    window.history.pushState({ idx: 0 }, '');
    setReferrer(`${window.location.origin}/`);
    expect(window.history.length).toBeGreaterThan(1);
    expect(isFirstHistoryEntry()).toBe(false);
  });
});
