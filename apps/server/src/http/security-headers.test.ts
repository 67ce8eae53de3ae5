import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

function appWith(route: (app: Hono) => void) {
  const app = new Hono();
  app.use(securityHeaders({ hsts: true }));
  route(app);
  return app;
}

describe('securityHeaders', () => {
  it('adds every header to an answer a handler made, keeping the answer itself', async () => {
    let made: Response | undefined;
    const app = appWith((a) =>
      a.get('/', (c) => {
        made = c.json({ ok: true });
        return made;
      }),
    );
    const res = await app.request('/');
    expect(res).toBe(made);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Strict-Transport-Security')).toContain('max-age=');
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  });

  it("keeps a handler's own Content-Security-Policy", async () => {
    const app = appWith((a) =>
      a.get('/', (c) => c.body('x', 200, { 'Content-Security-Policy': "default-src 'none'" })),
    );
    const res = await app.request('/');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'");
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('adds them to an answer whose headers cannot change (Response.redirect), by copying it', async () => {
    const app = appWith((a) => a.get('/', () => Response.redirect('http://localhost/elsewhere', 302)));
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('http://localhost/elsewhere');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  });

  it('lets only the stream overlay compile WebAssembly and play blob: audio, for its bundled voice', async () => {
    const app = appWith((a) => a.get('*', (c) => c.text('page')));
    const policy = async (path: string) => (await app.request(path)).headers.get('Content-Security-Policy') ?? '';
    const overlay = await policy('/overlay/s3cret');
    expect(overlay).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(overlay).toContain("media-src 'self' blob:");
    expect(overlay).toContain("frame-ancestors 'self'");
    for (const path of ['/overlay-control/s3cret', '/bella', '/settings/overlay']) {
      expect(await policy(path)).toContain("script-src 'self';");
      expect(await policy(path)).not.toContain('wasm-unsafe-eval');
      expect(await policy(path)).not.toContain('media-src');
    }
  });
});
