import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../../test/databases';
import type { DatabaseHandle } from '../../db/client';
import { resolveVapidKeys } from './vapid';

const ENV_KEYS = {
  publicKey: 'BBKcDALtXb_1z9wQD7h_7LGoy6OD5jlKCncWSHVrnCrGR_KhT0ut23RDgwQL1HLP4hS9Mb76ePWR0y8hbJWSKRQ',
  privateKey: 'A1pCk-VPhxC2PEMBCJpQJQSc-ts-NwPfw_YxjFe-TY0',
};

describe.each(databaseKinds())('VAPID keys on %s', (kind) => {
  let database: DatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-vapid-'));

  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set, and writes nothing', async () => {
    const dir = path.join(dataDir, 'env');
    expect(await resolveVapidKeys({ vapid: ENV_KEYS, dataDir: dir, databaseUrl: undefined }, database.db)).toEqual(
      ENV_KEYS,
    );
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('on the embedded set-up, makes a pair once into DATA_DIR/vapid.json, readable by its owner only', async () => {
    const dir = path.join(dataDir, 'embedded');
    const first = await resolveVapidKeys({ vapid: undefined, dataDir: dir, databaseUrl: undefined }, database.db);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const file = path.join(dir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await resolveVapidKeys({ vapid: undefined, dataDir: dir, databaseUrl: undefined }, database.db)).toEqual(
      first,
    );
  });

  it('on PostgreSQL without them, every instance gets the pair the first one stored in the database', async () => {
    const config = { vapid: undefined, dataDir: path.join(dataDir, 'pg'), databaseUrl: 'postgres://somewhere/db' };
    const [a, b] = await Promise.all([resolveVapidKeys(config, database.db), resolveVapidKeys(config, database.db)]);
    expect(a).toEqual(b);
    expect(await resolveVapidKeys(config, database.db)).toEqual(a);
    expect(fs.existsSync(config.dataDir)).toBe(false);
  });
});
