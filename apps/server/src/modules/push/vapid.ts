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
  const file = path.join(config.dataDir, 'vapid.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
    throw new Error(`${file} is not a VAPID key pair: remove it to make a new one (push devices must subscribe again)`);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
