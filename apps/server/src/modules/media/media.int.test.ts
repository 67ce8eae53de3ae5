import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { MAX_IMAGE_BYTES, UploadedImage } from '@sweetwish/shared/media';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger, TEST_ORIGIN } from '../../../test/app-harness';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import { me, signInByPhone } from '../../../test/sign-in-helpers';
import { diskStorage } from '../../adapters/storage/disk-storage';
import type { ObjectStorage } from '../../adapters/storage/object-storage';
import type { Database, DatabaseHandle } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { errorBody, handleError } from '../../http/error-handler';
import { requestLog } from '../../http/request-log';
import { sameOrigin } from '../../http/same-origin';
import { validationHook } from '../../http/validation-hook';
import type { Auth } from '../accounts/auth';
import { createImageJobs } from './image-jobs';
import { MAX_IMAGE_UPLOAD_BODY_BYTES, mediaFileRoutes, mediaRoutes } from './routes';
import { jpegWithGps, solidImage } from './test-images';

/** The media routes wired as app.ts is to wire them: the upload under /api with its own body limit, files at /media. */
function buildMediaApp(auth: Auth, db: Database, storage: ObjectStorage) {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api');
  api.use(
    bodyLimit({
      maxSize: MAX_IMAGE_UPLOAD_BODY_BYTES,
      onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large'), 413),
    }),
  );
  api.use(sameOrigin(TEST_ORIGIN, { exemptPaths: [] }));
  api.route('/', mediaRoutes({ auth, db, storage, images: createImageJobs() }));
  api.doc31('/openapi.json', { openapi: '3.1.0', info: { title: 'media', version: '1' } });
  const app = new Hono<AppEnv>();
  app.use(requestLog(captureLogger().logger));
  app.onError(handleError);
  app.route('/', mediaFileRoutes(storage));
  app.route('/', api);
  return app;
}

type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(databaseKinds())('image uploads on %s', (kind) => {
  let database: DatabaseHandle;
  let signInApp: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let app: ReturnType<typeof buildMediaApp>;
  let parent: string;
  let mediaRoot: string;

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    const harness = await buildTestApp(database);
    signInApp = harness.app;
    parent = await mkdtemp(path.join(tmpdir(), 'sweetwish-media-'));
    mediaRoot = path.join(parent, 'media');
    app = buildMediaApp(harness.auth, database.db, diskStorage(mediaRoot));
  });
  afterAll(async () => {
    await database.close();
    await rm(parent, { recursive: true, force: true });
  });

  async function newUser() {
    const cookie = await signInByPhone(signInApp);
    const { id } = (await (await me(signInApp, cookie)).json()) as { id: string };
    return { cookie, id };
  }

  /** Every file in the media folder, temporary ones included. */
  async function storedFiles() {
    const entries = await readdir(mediaRoot, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => path.relative(mediaRoot, path.join(e.parentPath, e.name)));
  }

  function upload(
    file: { bytes: Uint8Array; name: string; type: string } | undefined,
    imageKind: string | undefined,
    cookie?: string,
  ) {
    const form = new FormData();
    if (file) form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
    if (imageKind !== undefined) form.append('kind', imageKind);
    return app.request('/api/media/images', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, ...(cookie && { Cookie: cookie }) },
      body: form,
    });
  }

  it('stores an upload as a JPEG under the uploader and serves it as an image', async () => {
    const { cookie, id } = await newUser();
    const photo = await sharp(await jpegWithGps())
      .resize(2000, 1500)
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();

    // The name and declared type say PNG; the content decides.
    const res = await upload({ bytes: photo, name: 'holiday.png', type: 'image/png' }, 'wish', cookie);

    expect(res.status).toBe(201);
    const body = UploadedImage.parse(await res.json());
    expect(body).toMatchObject({ width: 1024, height: 768 });
    expect(body.url).toMatch(new RegExp(`^/media/images/users/${id}/[0-9a-f-]{36}\\.jpg$`));
    expect(await storedFiles()).toContain(body.url.slice('/media/'.length));

    const served = await app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/jpeg');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
  });

  it('gives every upload its own address', async () => {
    const { cookie } = await newUser();
    const image = { bytes: await solidImage(600, 600, 'png'), name: 'me.png', type: 'image/png' };
    const first = UploadedImage.parse(await (await upload(image, 'photo', cookie)).json());
    const second = UploadedImage.parse(await (await upload(image, 'photo', cookie)).json());
    expect(first).toMatchObject({ width: 512, height: 512 });
    expect(second.url).not.toBe(first.url);
    expect((await app.request(first.url)).status).toBe(200);
    expect((await app.request(second.url)).status).toBe(200);
  });

  it('needs a signed-in user and stores nothing without one', async () => {
    const before = await storedFiles();
    const res = await upload({ bytes: await solidImage(300, 150, 'png'), name: 'b.png', type: 'image/png' }, 'banner');
    expect(res.status).toBe(401);
    expect(((await res.json()) as ApiError).error.code).toBe('UNAUTHENTICATED');
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file that is not an image, whatever its name, and stores nothing', async () => {
    const { cookie, id } = await newUser();
    const text = new TextEncoder().encode('just some text, not a picture\n'.repeat(10));
    const res = await upload({ bytes: text, name: 'cat.jpg', type: 'image/jpeg' }, 'wish', cookie);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).error).toMatchObject({
      code: 'VALIDATION',
      message: 'Error uploading file',
    });
    expect((await storedFiles()).filter((f) => f.includes(id))).toEqual([]);
  });

  it('refuses an upload without a file or with an unknown kind', async () => {
    const { cookie } = await newUser();
    const image = { bytes: await solidImage(100, 100, 'png'), name: 'a.png', type: 'image/png' };

    const noFile = await upload(undefined, 'wish', cookie);
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ApiError).error.fields?.file).toBe('Error uploading file');

    const badKind = await upload(image, 'poster', cookie);
    expect(badKind.status).toBe(400);
    expect(((await badKind.json()) as ApiError).error.fields?.kind).toMatch(/wish, photo, banner/);

    const noKind = await upload(image, undefined, cookie);
    expect(noKind.status).toBe(400);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { cookie, id } = await newUser();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    const res = await upload({ bytes: big, name: 'big.jpg', type: 'image/jpeg' }, 'wish', cookie);
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiError).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Error uploading file',
    });
    expect((await storedFiles()).filter((f) => f.includes(id))).toEqual([]);
  });

  it('answers 404, as plain text with the same protective headers, for a file it does not have', async () => {
    const res = await app.request('/media/images/users/nobody/00000000-0000-0000-0000-000000000000.jpg');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
  });

  it('never serves a file from outside the media folder', async () => {
    await writeFile(path.join(parent, 'secret.jpg'), 'secret');
    for (const url of [
      '/media/%2e%2e/secret.jpg',
      '/media/images/%2E%2E/%2E%2E/secret.jpg',
      '/media/..%2fsecret.jpg',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('secret');
    }
  });

  it('describes the upload in the OpenAPI document', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }>;
    };
    expect(doc.paths['/api/media/images']?.post?.requestBody?.content).toEqual({
      'multipart/form-data': {
        schema: expect.objectContaining({
          properties: { file: { type: 'string', format: 'binary' }, kind: expect.objectContaining({ type: 'string' }) },
        }),
      },
    });
  });
});
