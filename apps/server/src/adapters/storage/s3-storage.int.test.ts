import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { UploadedImage } from '@sweetwish/shared/media';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/app-harness';
import { openFreshDatabase } from '../../../test/databases';
import { signInByPhone } from '../../../test/sign-in-helpers';
import type { DatabaseHandle } from '../../db/client';
import { solidImage } from '../../modules/media/test-images';
import { type S3StorageSettings, s3Storage } from './s3-storage';

const BUCKET = 'sweetwish-media';
const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

/**
 * The adapter against a real S3-compatible server on a free local port: s3rver, which speaks the S3 REST
 * protocol over HTTP and keeps objects in a temporary folder. It checks the access key id but not V4
 * signatures, so a wrong secret goes unnoticed here.
 */
describe('s3Storage on a local S3-compatible server', () => {
  let directory: string;
  let server: S3rver;
  let settings: S3StorageSettings;
  let rawClient: S3Client;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'sweetwish-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    // s3rver's only credentials.
    settings = {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    rawClient = new S3Client({
      endpoint: settings.endpoint,
      forcePathStyle: true,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  });
  afterAll(async () => {
    rawClient?.destroy();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** The object as the bucket holds it, read past the adapter. */
  async function rawObject(key: string) {
    const object = await rawClient.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return {
      bytes: await object.Body?.transformToByteArray(),
      contentType: object.ContentType,
      cacheControl: object.CacheControl,
    };
  }

  it('gives back the bytes and content type it stored, in a buffer of their own', async () => {
    const storage = s3Storage(settings);
    expect(storage.kind).toBe('s3');
    await storage.put('images/users/u1/a.jpg', JPEG_BYTES, 'image/jpeg');

    const file = await storage.get('images/users/u1/a.jpg');
    expect(file?.contentType).toBe('image/jpeg');
    expect(file?.bytes).toEqual(JPEG_BYTES);
    expect(file?.bytes.byteOffset).toBe(0);
    expect(file?.bytes.buffer.byteLength).toBe(JPEG_BYTES.byteLength);
  });

  it('stores objects with their content type and as cacheable for good', async () => {
    const storage = s3Storage(settings);
    await storage.put('images/users/u1/b.png', JPEG_BYTES, 'image/png');
    expect(await rawObject('images/users/u1/b.png')).toEqual({
      bytes: JPEG_BYTES,
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('replaces an object stored under the same key', async () => {
    const storage = s3Storage(settings);
    await storage.put('images/replace.jpg', JPEG_BYTES, 'image/jpeg');
    await storage.put('images/replace.jpg', new Uint8Array([0xff, 0xd8, 9]), 'image/jpeg');
    expect((await storage.get('images/replace.jpg'))?.bytes).toEqual(new Uint8Array([0xff, 0xd8, 9]));
  });

  it('deletes an object, and takes the deletion of a missing one calmly', async () => {
    const storage = s3Storage(settings);
    await storage.put('images/users/u1/gone.jpg', JPEG_BYTES, 'image/jpeg');
    await storage.delete('images/users/u1/gone.jpg');
    expect(await storage.get('images/users/u1/gone.jpg')).toBeUndefined();
    await expect(storage.delete('images/users/u1/gone.jpg')).resolves.toBeUndefined();
  });

  it('answers undefined for a key that holds nothing', async () => {
    const storage = s3Storage(settings);
    expect(await storage.get('images/users/nobody/none.jpg')).toBeUndefined();
    await storage.put('images/users/u2/a.jpg', JPEG_BYTES, 'image/jpeg');
    expect(await storage.get('images/users/u2')).toBeUndefined();
    expect(await storage.get('images/users/u2/a.jpg/deeper.jpg')).toBeUndefined();
  });

  it.each([
    '../secret.jpg',
    'images/../../secret.jpg',
    '/etc/passwd.jpg',
    'images//a.jpg',
    '',
    'images/a b.jpg',
    'images/%2e%2e/a.jpg',
    'images/.hidden.jpg',
  ])('refuses the key %j for writing and reading', async (key) => {
    const storage = s3Storage(settings);
    await expect(storage.put(key, JPEG_BYTES, 'image/jpeg')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Refused storage key/);
  });

  it('refuses a content type its key does not stand for, and stores nothing', async () => {
    const storage = s3Storage(settings);
    await expect(storage.put('images/page.jpg', JPEG_BYTES, 'text/html')).rejects.toThrow(/content type/);
    await expect(storage.put('images/page.html', JPEG_BYTES, 'text/html')).rejects.toThrow(/content type/);
    await expect(rawObject('images/page.jpg')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('puts every object under the key prefix, with or without a trailing slash', async () => {
    const prefixed = s3Storage({ ...settings, keyPrefix: 'deployments/staging' });
    await prefixed.put('images/users/u3/a.jpg', JPEG_BYTES, 'image/jpeg');

    expect((await rawObject('deployments/staging/images/users/u3/a.jpg')).bytes).toEqual(JPEG_BYTES);
    await expect(rawObject('images/users/u3/a.jpg')).rejects.toMatchObject({ name: 'NoSuchKey' });
    expect((await prefixed.get('images/users/u3/a.jpg'))?.bytes).toEqual(JPEG_BYTES);
    expect(
      (await s3Storage({ ...settings, keyPrefix: 'deployments/staging/' }).get('images/users/u3/a.jpg'))?.bytes,
    ).toEqual(JPEG_BYTES);
    // Without the prefix the same key names nothing.
    expect(await s3Storage(settings).get('images/users/u3/a.jpg')).toBeUndefined();
  });

  it('refuses a key prefix that could escape its folder', () => {
    expect(() => s3Storage({ ...settings, keyPrefix: '../other' })).toThrow(/Refused S3 key prefix/);
    expect(() => s3Storage({ ...settings, keyPrefix: 'a//b' })).toThrow(/Refused S3 key prefix/);
  });

  it('rejects, rather than answering "no such file", when the bucket is missing or the key id is unknown', async () => {
    await expect(s3Storage({ ...settings, bucket: 'no-such-bucket' }).get('images/a.jpg')).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    const unknownKey = s3Storage({ ...settings, accessKeyId: 'NOT-A-KEY' });
    await expect(unknownKey.get('images/users/u1/a.jpg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(unknownKey.put('images/a.jpg', JPEG_BYTES, 'image/jpeg')).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });

  describe('behind the media routes of the whole app', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openFreshDatabase('pglite');
      await database.migrate();
    });
    afterAll(() => database?.close());

    it('stores an upload in the bucket and serves it back from /media', async () => {
      const { app } = await buildTestApp(database, { storage: s3Storage({ ...settings, keyPrefix: 'app' }) });
      const cookie = await signInByPhone(app);

      const form = new FormData();
      form.append('file', new File([await solidImage(800, 600, 'png')], 'cake.png', { type: 'image/png' }));
      form.append('kind', 'wish');
      const res = await app.request('/api/media/images', {
        method: 'POST',
        headers: { Origin: TEST_ORIGIN, Cookie: cookie },
        body: form,
      });
      expect(res.status).toBe(201);
      const uploaded = UploadedImage.parse(await res.json());
      const key = uploaded.url.slice('/media/'.length);
      expect(key).toMatch(/^images\/users\/[^/]+\/[0-9a-f-]{36}\.jpg$/);
      // It went to the bucket, under the prefix.
      expect((await rawObject(`app/${key}`)).contentType).toBe('image/jpeg');

      const served = await app.request(uploaded.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('Content-Type')).toBe('image/jpeg');
      expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
      const bytes = new Uint8Array(await served.arrayBuffer());
      expect(bytes).toEqual((await rawObject(`app/${key}`)).bytes);
      expect(await sharp(bytes).metadata()).toMatchObject({
        format: 'jpeg',
        width: uploaded.width,
        height: uploaded.height,
      });

      const missing = await app.request(uploaded.url.replace(/[0-9a-f-]{36}\.jpg$/, `${'0'.repeat(8)}.jpg`));
      expect(missing.status).toBe(404);
    });
  });
});
