import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../http/context';
import { termsRoutes } from './terms-routes';

function post(body: string, isSecure = false) {
  const app = new Hono<AppEnv>().route('/api', termsRoutes({ isSecure }));
  return app.request('/api/terms-accepted', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
}

describe('accepting the terms with the sign-in page form, before the app runs', () => {
  it('sets the cookie the app would set and goes back to the page it came from', async () => {
    const res = await post('return=%2Fsign-in%3Freturn%3D%252Fbob');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/sign-in?return=%2Fbob');
    expect(res.headers.get('Set-Cookie')).toBe('termsAccepted=1; Max-Age=34560000; Path=/; SameSite=Lax');
    expect((await post('return=%2Fjoin%2Fabc', true)).headers.get('Set-Cookie')).toContain('; Secure');
  });

  it('refuses to send the visitor anywhere but a page of this site, and sets nothing', async () => {
    for (const body of ['return=%2F%2Fevil.example', 'return=https%3A%2F%2Fevil.example', 'return=%2F%5Cevil', '']) {
      const res = await post(body);
      expect(res.status, body).toBe(400);
      expect(res.headers.get('Set-Cookie'), body).toBeNull();
    }
  });
});
