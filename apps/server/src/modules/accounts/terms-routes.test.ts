import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../http/context';
import { termsRoutes } from './terms-routes';

const ORIGIN = 'https://sweetwish.app';

function post(referer: string | undefined, isSecure = true) {
  const app = new Hono<AppEnv>().route('/api', termsRoutes({ publicOrigin: ORIGIN, isSecure }));
  return app.request('/api/terms-accepted', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(referer ? { Referer: referer } : {}) },
  });
}

describe('accepting the terms with the sign-in page form, before the app runs', () => {
  it('sets the cookie the app would set and goes back to the page the form was on, query and all', async () => {
    const res = await post(`${ORIGIN}/sign-in?return=%2Fbob%2Ftip`);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/sign-in?return=%2Fbob%2Ftip');
    expect(res.headers.get('Set-Cookie')).toBe('termsAccepted=1; Max-Age=34560000; Path=/; SameSite=Lax; Secure');
    expect((await post(`${ORIGIN}/join/abc`, false)).headers.get('Set-Cookie')).not.toContain('Secure');
  });

  it('never sends the visitor to another site: without a Referer of this site, back to /sign-in', async () => {
    for (const referer of [undefined, 'https://evil.example/sign-in', 'not a url', `${ORIGIN}//evil.example`]) {
      const res = await post(referer);
      expect(res.status, referer).toBe(303);
      expect(res.headers.get('Location'), referer).toBe('/sign-in');
    }
  });
});
