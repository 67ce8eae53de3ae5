import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import webpush from 'web-push';
import { createFreshPostgresDatabase } from '../../../test/databases';
import { openPglite, openPostgres } from '../../db/client';
import { resolveVapidKeys } from '../push/vapid';
import { runMove } from './move';

/**
 * What the server on PostgreSQL needs from the data folder besides the rows: the push keys (moved into the
 * database) and the session secret (named, never printed). A data folder as an embedded server leaves it.
 */
describe.skipIf(!inject('postgresUrl'))('npm run db:move carries the keys of the data folder', () => {
  let dataDir: string;
  const keys = webpush.generateVAPIDKeys();
  const secret = 'a-secret-of-the-embedded-server-0123456789';
  const dropAfter: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sweetwish-move-keys-'));
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    await database.close();
    // The files an embedded server makes at its first start (accounts/auth.ts, push/vapid.ts).
    await writeFile(path.join(dataDir, 'vapid.json'), JSON.stringify(keys), { mode: 0o600 });
    await writeFile(path.join(dataDir, 'auth-secret'), secret, { mode: 0o600 });
  }, 60_000);

  afterAll(async () => {
    for (const drop of dropAfter) await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function moveTo(variables: { hasAuthSecretVariable: boolean; hasVapidVariables: boolean }) {
    const fresh = await createFreshPostgresDatabase({ empty: true });
    dropAfter.push(fresh.drop);
    const lines: string[] = [];
    const code = await runMove({
      targetUrl: fresh.url,
      dataDir,
      s3: undefined,
      keys: variables,
      write: (l) => lines.push(l),
    });
    return { url: fresh.url, code, lines, output: lines.join('\n') };
  }

  it('moves the pair of vapid.json into the database and names the file AUTH_SECRET comes from', async () => {
    const moved = await moveTo({ hasAuthSecretVariable: false, hasVapidVariables: false });
    const secretFile = path.join(dataDir, 'auth-secret');
    expect(moved.code).toBe(0);
    expect(moved.lines.slice(-3)).toEqual([
      `push keys: the pair in ${path.join(dataDir, 'vapid.json')} is now in the database: push subscriptions keep working`,
      `AUTH_SECRET: set it to the contents of ${secretFile}, e.g. AUTH_SECRET="$(cat '${secretFile}')": sessions and sign-in links stay valid`,
      expect.stringMatching(/^moved: start the server with DATABASE_URL=postgres:\/\/.* and that AUTH_SECRET$/),
    ]);
    expect(moved.output).not.toContain(secret);
    expect(moved.output).not.toContain(keys.privateKey);

    // A server on the target without VAPID_* pushes with the moved pair, so old subscriptions still decrypt.
    const target = await openPostgres(moved.url);
    try {
      const config = { vapid: undefined, dataDir: path.join(dataDir, 'elsewhere'), databaseUrl: moved.url };
      expect(await resolveVapidKeys(config, target.db)).toEqual(keys);
    } finally {
      await target.close();
    }
  });

  it('says to keep AUTH_SECRET and VAPID_* when the embedded server ran with them', async () => {
    const moved = await moveTo({ hasAuthSecretVariable: true, hasVapidVariables: true });
    expect(moved.code).toBe(0);
    expect(moved.lines.slice(-3, -1)).toEqual([
      'push keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set: set the same two for the server on PostgreSQL',
      'AUTH_SECRET: set the same AUTH_SECRET for the server on PostgreSQL',
    ]);
  });
});
