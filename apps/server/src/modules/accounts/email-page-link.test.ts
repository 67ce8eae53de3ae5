import { describe, expect, it } from 'vitest';
import { emailPageLink } from './email-page-link';

const APP = 'https://sweetwish.example';

describe('the address a sign-in e-mail links to', () => {
  it('keeps the invite code and a return path inside the app', () => {
    const link = emailPageLink('/email/friend_code?return=%2Fx%2Fabc%3Fresume%3Dbuy', APP);
    expect(link.origin + link.pathname).toBe(`${APP}/email/friend_code`);
    expect(link.searchParams.get('return')).toBe('/x/abc?resume=buy');
  });

  it('drops a return to another site, and any callback that is not the /email page', () => {
    for (const target of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const link = emailPageLink(`/email?return=${encodeURIComponent(target)}`, APP);
      expect(link.href).toBe(`${APP}/email`);
    }
    for (const callback of ['https://evil.example/email?return=/home', '//evil.example/email', '/home', null]) {
      expect(emailPageLink(callback, APP).href).toBe(`${APP}/email`);
    }
  });
});
