import type { ApiErrorBody } from '@sweetwish/shared/api-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, jsonHeaders, TEST_ORIGIN } from '../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../test/databases';
import { signInByPhone } from '../test/sign-in-helpers';
import type { DatabaseHandle } from './db/client';
import { solidImage } from './modules/media/test-images';

async function errorOf(res: Response) {
  return ((await res.json()) as ApiErrorBody).error;
}

describe.each(databaseKinds())('HTTP API on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(() => database.close());

  it('answers the health check after asking the database', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: kind });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const { app } = await buildTestApp(database);
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await app.request('/api/no-such-thing', { method, headers: jsonHeaders() });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect((await errorOf(res)).code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with a 400', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: '{"message": ',
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toHaveProperty('body');
  });

  it('answers a body that fails its schema with a 400 naming the field', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'boom', url: 42 }),
    });
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.fields ?? {})).toEqual(['url']);
    expect(error.message).toMatch(/^url: /);
  });

  it('answers a body over the size limit with a 413', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'x'.repeat(100_000), url: '/' }),
    });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("logs a client's error report with the request id", async () => {
    const { app, logLines } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ message: 'Cannot read properties of undefined', url: 'http://localhost/x' }),
    });
    expect(res.status).toBe(204);
    const requestId = res.headers.get('x-request-id');
    const line = logLines.find((l) => l.msg === 'client error');
    expect(line).toMatchObject({ requestId, clientError: { message: 'Cannot read properties of undefined' } });
  });

  it('takes an image upload past the JSON body limit and serves it with the media policy', async () => {
    const { app } = await buildTestApp(database);
    const cookie = await signInByPhone(app);
    const form = new FormData();
    form.set('kind', 'wish');
    form.set('file', new Blob([new Uint8Array(await solidImage(1600, 1200, 'png'))], { type: 'image/png' }), 'big.png');
    const res = await app.request('/api/media/images', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: cookie },
      body: form,
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const file = await app.request(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect((await app.request('/media/images/users/nobody/missing.jpg')).status).toBe(404);
  });

  it('publishes an OpenAPI document built from the shared schemas', async () => {
    const { app } = await buildTestApp(database);
    const doc = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { required: string[] }> };
    };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/client-errors']));
    expect(doc.components.schemas.ClientErrorReport?.required).toEqual(['message', 'url']);
  });
});

describe('an unexpected error', () => {
  let failingDatabase: DatabaseHandle;
  beforeAll(async () => {
    const real = await openFreshDatabase('pglite');
    failingDatabase = {
      ...real,
      ping: async () => {
        throw new Error('relation "secret_table" does not exist: select password from secret_table');
      },
    };
  });
  afterAll(() => failingDatabase.close());

  it('is a 500 with a request id and no stack trace or SQL', async () => {
    const { app, logLines } = await buildTestApp(failingDatabase);
    const res = await app.request('/api/health');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret_table|select|password|at .*\.ts/i);
    const body = JSON.parse(text) as ApiErrorBody;
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    // The details go to the log instead, under the same request id.
    const logged = logLines.find((l) => l.msg === 'unhandled error');
    expect(logged?.requestId).toBe(body.error.requestId);
    expect(JSON.stringify(logged)).toContain('secret_table');
  });

  it('puts the request id on every log line of the request', async () => {
    const { app, logLines } = await buildTestApp(failingDatabase);
    const res = await app.request('/api/health');
    const requestId = res.headers.get('x-request-id');
    expect(logLines.length).toBeGreaterThanOrEqual(2);
    for (const line of logLines) expect(line.requestId).toBe(requestId);
  });
});

describe('security headers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openFreshDatabase('pglite');
    await database.migrate();
  });
  afterAll(() => database.close());

  it('are on API answers, error answers and pages alike', async () => {
    const { app } = await buildTestApp(database);
    for (const url of ['/api/health', '/api/nope', '/some/page']) {
      const res = await app.request(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('refuse a state-changing request from another origin', async () => {
    const { app } = await buildTestApp(database);
    const res = await app.request('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ message: 'x', url: '/' }),
    });
    expect(res.status).toBe(403);
  });

  it('include HSTS when the public address is HTTPS on a real host', async () => {
    const { app } = await buildTestApp(database, { env: { PUBLIC_URL: 'https://sweetwish.app' } });
    const res = await app.request('/api/health');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
