import { describe, expect, it } from 'vitest';
import { detectInAppBrowser } from './in-app-browser';

const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const INSTAGRAM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.2.22.109';
const FACEBOOK_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/455.0.0.35.105;FBBV/1]';
const FACEBOOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]';

describe('detectInAppBrowser', () => {
  it('names Instagram', () => expect(detectInAppBrowser(INSTAGRAM)).toBe('Instagram'));
  it('names Facebook on iOS', () => expect(detectInAppBrowser(FACEBOOK_IOS)).toBe('Facebook'));
  it('names Facebook on Android', () => expect(detectInAppBrowser(FACEBOOK_ANDROID)).toBe('Facebook'));
  it('lets ordinary browsers through', () => expect(detectInAppBrowser(SAFARI)).toBeUndefined());
});
