import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { appleClientSecret } from './apple-client-secret';

const DAY_MS = 24 * 60 * 60 * 1000;

function appleKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey };
}

describe("Apple's client secret", () => {
  it('is an ES256 JWT signed with the team key, as Apple asks for', async () => {
    const key = appleKey();
    const source = { kind: 'key' as const, teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: key.pem };
    const jwt = appleClientSecret(source, 'app.sweetwish.web')();
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(jwt, key.publicKey, {
      issuer: 'TEAM123456',
      audience: 'https://appleid.apple.com',
      subject: 'app.sweetwish.web',
    });
    // Apple refuses secrets that live longer than six months.
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(180 * 24 * 60 * 60);
  });

  it('is renewed before it expires, and kept in between', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const secret = appleClientSecret(
      { kind: 'key', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: appleKey().pem },
      'app.sweetwish.web',
      () => now,
    );
    const first = secret();
    now += 60_000;
    expect(secret()).toBe(first);
    // However long the server runs, the secret in use never has less than most of its life left.
    for (let day = 0; day < 400; day += 1) {
      now += DAY_MS / 2;
      expect((decodeJwt(secret()).exp ?? 0) * 1000 - now).toBeGreaterThan(20 * DAY_MS);
    }
    expect(secret()).not.toBe(first);
  });

  it('is the fixed one when APPLE_CLIENT_SECRET is set', () => {
    expect(appleClientSecret({ kind: 'fixed', clientSecret: 'fixed-jwt' }, 'app.sweetwish.web')()).toBe('fixed-jwt');
  });

  it('comes from APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY (line breaks written as \\n accepted)', () => {
    const pem = appleKey().pem;
    const config = loadConfig({
      APPLE_CLIENT_ID: 'app.sweetwish.web',
      APPLE_TEAM_ID: 'TEAM123456',
      APPLE_KEY_ID: 'KEY1234567',
      APPLE_PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
    });
    expect(config.apple).toEqual({
      clientId: 'app.sweetwish.web',
      secret: { kind: 'key', teamId: 'TEAM123456', keyId: 'KEY1234567', privateKey: pem },
    });
  });

  it('is asked for clearly when missing, doubled or half set', () => {
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'app.sweetwish.web' })).toThrow(
      /APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY/,
    );
    expect(() =>
      loadConfig({
        APPLE_CLIENT_ID: 'x',
        APPLE_CLIENT_SECRET: 'y',
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: appleKey().pem,
      }),
    ).toThrow(/cannot both be set/);
    expect(() => loadConfig({ APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 'TEAM123456' })).toThrow(/APPLE_KEY_ID is required/);
    expect(() => loadConfig({ APPLE_CLIENT_SECRET: 'y' })).toThrow(/APPLE_CLIENT_ID is required/);
    expect(() =>
      loadConfig({
        APPLE_CLIENT_ID: 'x',
        APPLE_TEAM_ID: 'TEAM123456',
        APPLE_KEY_ID: 'KEY1234567',
        APPLE_PRIVATE_KEY: 'not a key',
      }),
    ).toThrow(/APPLE_PRIVATE_KEY must be the contents of the .p8 key file/);
  });
});
