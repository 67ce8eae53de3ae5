import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './is-mobile';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('mobile detection', () => {
  it('knows phones by their user agent, whatever their width', () => {
    expect(isMobileDevice({ userAgent: IPHONE, maxTouchPoints: 5, width: 1024 })).toBe(true);
    expect(isMobileDevice({ userAgent: ANDROID, maxTouchPoints: 0, width: 1200 })).toBe(true);
  });

  it('takes a narrow touch screen for mobile', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_CHROME, maxTouchPoints: 10, width: 768 })).toBe(true);
    expect(isMobileDevice({ userAgent: DESKTOP_CHROME, maxTouchPoints: 10, width: 769 })).toBe(false);
  });

  it('does not take a narrow desktop window without touch for mobile', () => {
    expect(isMobileDevice({ userAgent: DESKTOP_CHROME, maxTouchPoints: 0, width: 390 })).toBe(false);
  });
});
