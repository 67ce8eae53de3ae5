import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const toPreview = (env: { PREVIEW_EMAIL: string; PREVIEW_PASSWORD: string }) => ({
  email: env.PREVIEW_EMAIL,
  password: env.PREVIEW_PASSWORD,
});

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5172);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.publicUrl.toString()).toBe('http://localhost:5172/');
    expect(config.isPublicHttps).toBe(false);
  });

  it('keeps the public cache on unless a benchmark turns it off', () => {
    expect(loadConfig({}).publicCache).toBe(true);
    expect(loadConfig({ PUBLIC_CACHE: 'off' }).publicCache).toBe(false);
    expect(problemsOf({ PUBLIC_CACHE: 'no' }).problems).toEqual([expect.stringContaining('PUBLIC_CACHE')]);
  });

  it('reads the VAPID key pair (both or neither, a matching pair), and a subject from PUBLIC_URL', () => {
    const publicKey = 'BBKcDALtXb_1z9wQD7h_7LGoy6OD5jlKCncWSHVrnCrGR_KhT0ut23RDgwQL1HLP4hS9Mb76ePWR0y8hbJWSKRQ';
    const privateKey = 'A1pCk-VPhxC2PEMBCJpQJQSc-ts-NwPfw_YxjFe-TY0';
    const otherPrivateKey = 'xKZKYRNdFFn8iQIF2MH54KTfUHwH105zBdzMR7SI3xI';
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }).vapid).toEqual({
      publicKey,
      privateKey,
    });
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey }).problems).toEqual([
      'VAPID_PRIVATE_KEY is required when VAPID_PUBLIC_KEY is set',
    ]);
    const mismatch = problemsOf({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: otherPrivateKey });
    expect(mismatch.problems).toEqual(['VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY']);
    // The private key is never repeated in a message.
    expect(mismatch.message).not.toContain(otherPrivateKey);
    expect(problemsOf({ VAPID_PRIVATE_KEY: 'not-a-key' }).message).not.toContain('not-a-key');
    expect(loadConfig({}).vapidSubject).toBe('mailto:push@localhost');
    expect(loadConfig({ PUBLIC_URL: 'https://sweetwish.app/x' }).vapidSubject).toBe('https://sweetwish.app');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@sweetwish.app' }).vapidSubject).toBe('mailto:ops@sweetwish.app');
    expect(problemsOf({ VAPID_SUBJECT: 'http://sweetwish.app' }).problems).toEqual([
      expect.stringContaining('VAPID_SUBJECT must be a mailto: or https:// address'),
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names every malformed variable in one message', () => {
    const error = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
    });
    expect(error.problems).toHaveLength(4);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_URL']) expect(error.message).toContain(name);
    expect(error.message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
  });

  it('reads TRUST_PROXY as a number of proxies (true is one) or their addresses, and names a bad one', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'hops', hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy.kind).toBe('proxies');
    expect(problemsOf({ TRUST_PROXY: 'yes' }).message).toContain(
      'TRUST_PROXY must be true, false, a number of proxies',
    );
  });

  it('reads MODERATORS as user ids and lowercase e-mail addresses, nobody when unset, and names a bad entry', () => {
    expect(loadConfig({}).moderators).toEqual({ userIds: new Set(), emails: new Set() });
    expect(loadConfig({ MODERATORS: 'id:kX3vQ9aLr2, mod@Example.com  id:Bq7_Zt-41' }).moderators).toEqual({
      userIds: new Set(['kX3vQ9aLr2', 'Bq7_Zt-41']),
      emails: new Set(['mod@example.com']),
    });
    expect(problemsOf({ MODERATORS: 'x@y, id:, id:a/b' }).problems).toEqual([
      'MODERATORS must be verified e-mail addresses or user ids written id:<user id> (not: x@y, id:, id:a/b)',
    ]);
  });

  it('refuses to start when MODERATORS names a handle, which anyone may claim (issue 46, item 3)', () => {
    const { problems } = problemsOf({ MODERATORS: '@Alice_Mod, mod@example.com, bob_mod' });
    expect(problems).toEqual([
      'MODERATORS names handles (alice_mod, bob_mod): a handle can be claimed by anyone once it is free. ' +
        'Name each moderator by verified e-mail address or by user id (id:<user id>).',
    ]);
  });

  it('opens the preview account to store review only when STORE_REVIEW says so, and never lets it moderate', () => {
    const preview = { PREVIEW_EMAIL: 'preview@sweetwish.app', PREVIEW_PASSWORD: 'preview-password-123' };
    expect(loadConfig(preview).preview).toEqual({ ...toPreview(preview), isReviewOpen: false });
    expect(loadConfig({ ...preview, STORE_REVIEW: 'on' }).preview).toEqual({
      ...toPreview(preview),
      isReviewOpen: true,
    });
    expect(problemsOf({ STORE_REVIEW: 'on' }).problems).toEqual([
      'PREVIEW_EMAIL and PREVIEW_PASSWORD are required when STORE_REVIEW is on',
    ]);
    expect(problemsOf({ ...preview, MODERATORS: 'Preview@Sweetwish.app' }).problems).toEqual([
      'MODERATORS names the preview account (PREVIEW_EMAIL), which may never moderate',
    ]);
  });

  it('refuses a port out of range', () => {
    expect(problemsOf({ PORT: '70000' }).problems[0]).toMatch(/^PORT /);
  });

  it('sends HSTS only for HTTPS on a real host', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://sweetwish.app' }).isPublicHttps).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://localhost:5172' }).isPublicHttps).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://sweetwish.app' }).isPublicHttps).toBe(false);
  });

  describe('S3 media storage', () => {
    const S3 = {
      S3_BUCKET: 'sweetwish-media',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret-s3-key-0123456789',
    };

    it('keeps media on disk unless the bucket and both keys are set', () => {
      expect(loadConfig({}).s3).toBeUndefined();
      expect(loadConfig({ ...S3, S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' }).s3).toBeUndefined();
    });

    it('uses the bucket with us-east-1, AWS itself and no prefix by default', () => {
      expect(loadConfig(S3).s3).toEqual({
        bucket: 'sweetwish-media',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'very-secret-s3-key-0123456789',
        keyPrefix: undefined,
      });
    });

    it('takes an S3-compatible endpoint, a region and a key prefix', () => {
      const s3 = loadConfig({
        ...S3,
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_KEY_PREFIX: 'sweetwish/production',
      }).s3;
      expect(s3).toMatchObject({
        endpoint: 'https://account.r2.cloudflarestorage.com',
        region: 'auto',
        keyPrefix: 'sweetwish/production',
      });
    });

    it.each([['S3_BUCKET'], ['S3_ACCESS_KEY_ID'], ['S3_SECRET_ACCESS_KEY']])(
      'names %s when the rest of the group is set without it, and never shows the secret',
      (left) => {
        const error = problemsOf({ ...S3, [left]: '' });
        expect(error.problems).toEqual([expect.stringMatching(new RegExp(`^${left} is required when S3_`))]);
        expect(error.message).not.toContain(S3.S3_SECRET_ACCESS_KEY);
      },
    );

    it('names both keys when only the bucket is set', () => {
      expect(problemsOf({ S3_BUCKET: 'sweetwish-media' }).problems).toEqual([
        'S3_ACCESS_KEY_ID is required when S3_BUCKET is set',
        'S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set',
      ]);
    });

    it('refuses an endpoint or key prefix without a bucket, which would leave media on disk unnoticed', () => {
      expect(problemsOf({ S3_ENDPOINT: 'http://localhost:9000', S3_KEY_PREFIX: 'media' }).problems).toEqual([
        'S3_BUCKET is required when S3_ENDPOINT is set',
        'S3_BUCKET is required when S3_KEY_PREFIX is set',
      ]);
    });

    it('refuses a malformed endpoint, bucket or key prefix', () => {
      const error = problemsOf({ ...S3, S3_ENDPOINT: 'ftp://files', S3_BUCKET: 'a/b', S3_KEY_PREFIX: '../up' });
      expect(error.problems).toHaveLength(3);
      for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_KEY_PREFIX']) expect(error.message).toContain(name);
      expect(problemsOf({ ...S3, S3_KEY_PREFIX: 'a//b' }).problems[0]).toMatch(/^S3_KEY_PREFIX /);
      expect(problemsOf({ ...S3, S3_KEY_PREFIX: 'a/..b' }).problems[0]).toMatch(/^S3_KEY_PREFIX /);
    });
  });
});
