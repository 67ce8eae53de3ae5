import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { findOrInsertVapidKeys } from './repo';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The key pair that signs push requests (VAPID, RFC 8292). Browsers subscribe with the public key, so it
 * must stay the same across restarts and be the same on every instance:
 * - VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (production: decision 029);
 * - on the embedded set-up, generated once into DATA_DIR/vapid.json (mode 0600), like DATA_DIR/auth-secret;
 * - on PostgreSQL without them, generated once into the database (the first instance's pair wins), so
 *   instances behind a load balancer share it rather than each making its own.
 */
export async function resolveVapidKeys(
  config: Pick<Config, 'vapid' | 'dataDir' | 'databaseUrl'>,
  db: Database,
): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  if (config.databaseUrl) return findOrInsertVapidKeys(db, webpush.generateVAPIDKeys());
  const stored = readVapidFile(config.dataDir);
  if (stored) return stored;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(vapidFile(config.dataDir), JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** Where the embedded set-up keeps its pair. */
export function vapidFile(dataDir: string): string {
  return path.join(dataDir, 'vapid.json');
}

/** The pair kept in DATA_DIR/vapid.json, or undefined when there is no file. */
function readVapidFile(dataDir: string): VapidKeys | undefined {
  const file = vapidFile(dataDir);
  if (!fs.existsSync(file)) return undefined;
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
    return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  throw new Error(`${file} is not a VAPID key pair: remove it to make a new one (push devices must subscribe again)`);
}

/**
 * `npm run db:move`: puts the embedded set-up's pair (DATA_DIR/vapid.json) into the PostgreSQL database, where
 * a server without VAPID_* finds it, so the browsers that subscribed with its public key keep receiving push.
 * 'none' when there is no file; 'other' when the database already holds a different pair.
 */
export async function moveVapidFileToDatabase(dataDir: string, db: Database): Promise<'moved' | 'none' | 'other'> {
  const keys = readVapidFile(dataDir);
  if (!keys) return 'none';
  const stored = await findOrInsertVapidKeys(db, keys);
  return stored.publicKey === keys.publicKey && stored.privateKey === keys.privateKey ? 'moved' : 'other';
}
