// The docs drill (issue 45, item 4): follows the operator's guides as written, on a fresh data folder and
// new PostgreSQL databases. The built server on the embedded database: a sign-up (phone code through the
// local outbox), a top-up through the card sandbox, a tip, a push subscription, an image; then the marked
// blocks of docs/deploy.md section 8 (db:move, the env file, reconcile) and the server on PostgreSQL with the
// same session, data and push keys; then docs/backup.md's blocks (pg_dump, the images, the restore into a
// new database and data folder) and a server there serving the images. Prints each step with its time and
// drops its databases. Needs TEST_DATABASE_URL, `npm run build`, pg_dump and Node 24 (`npm test` runs it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { signIn } from './bench/sign-in.mjs';
import { apiOf, eventually, payInSandbox, startServer } from './docs-drill/app.mjs';
import { readEnvFile, runGuideBlock } from './docs-drill/guide-blocks.mjs';

const root = path.resolve(import.meta.dirname, '..');
const began = performance.now();
const step = (what) => console.log(`docs drill: ${what} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
const check = (isTrue, what) => {
  if (!isTrue) throw new Error(`docs drill: ${what}`);
};

/** A small PNG made with the server's own image library, as a phone's photo would arrive. */
async function pngImage() {
  const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
  const create = { width: 64, height: 48, channels: 3, background: '#f06292' };
  return sharp({ create }).png().toBuffer();
}

/** Signs a person up by phone code (the outbox) and completes their profile; their id and cookie. */
async function signUp(api, baseUrl, n, handle) {
  const cookie = await signIn(baseUrl, n);
  await api.post('/api/profile/complete', cookie, { handle, displayName: `Drill ${handle.slice(6)}` });
  return { cookie, id: (await api.get('/api/me', cookie)).id };
}

/** The image's bytes as the server serves them (null when it does not). */
async function served(baseUrl, url) {
  const res = await fetch(`${baseUrl}${url}`);
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** The embedded server: people, money, push and an image, all through the API as the app makes them. */
async function useEmbeddedServer(dataDir, push) {
  const server = await startServer(root, { DATA_DIR: dataDir });
  try {
    const api = apiOf(server.baseUrl);
    const fan = await signUp(api, server.baseUrl, 1, 'drill_fan');
    const creator = await signUp(api, server.baseUrl, 2, 'drill_creator');
    step('embedded database: two people signed up with phone codes from the local outbox');

    const { url: checkoutUrl } = await api.pay('/api/checkout/top-ups', fan.cookie, {
      quantity: 50,
      location: '/home',
    });
    await payInSandbox(checkoutUrl);
    await eventually(
      'the top-up webhook',
      async () => (await api.get('/api/wallet', fan.cookie)).balanceCents === 5_000,
    );
    step('a top-up of 50 tokens paid in the card sandbox and credited by its webhook');

    const device = push.newDevice();
    await api.post('/api/push/subscriptions', creator.cookie, { endpoint: device.endpoint, keys: device.keys });
    const { publicKey } = await api.get('/api/push/public-key');
    const { tipId } = await api.pay('/api/tips', fan.cookie, { recipientId: creator.id, amount: 5 });
    const { conversationId } = await api.post('/api/conversations', fan.cookie, {
      type: 'purchase',
      purchaseId: tipId,
    });
    await eventually('the tip pushed to the creator', () => push.received.length >= 1);
    step("a tip of 5 tokens, pushed to the creator's device");

    const form = new FormData();
    form.append('file', new Blob([await pngImage()]), 'photo.png');
    form.append('kind', 'wish');
    const image = await api.post('/api/media/images', creator.cookie, form);
    await api.post('/api/wishes', creator.cookie, { name: 'Drill wish', cost: 20, image: image.url });
    const imageBytes = await served(server.baseUrl, image.url);
    check(imageBytes, `the uploaded image ${image.url} is not served`);
    step(`an image uploaded and served (${imageBytes.length} bytes)`);
    return { fan, creator, conversationId, publicKey, imageUrl: image.url, imageBytes };
  } finally {
    await server.stop();
    step('embedded server stopped');
  }
}

/** What must hold on a server started from moved or restored data: the same session, data and image. */
async function checkCarriedOver(server, before, where) {
  const api = apiOf(server.baseUrl);
  check((await api.get('/api/health')).database === 'postgres', `${where}: not on PostgreSQL`);
  check((await api.get('/api/me', before.fan.cookie))?.id === before.fan.id, `${where}: the fan's session is gone`);
  const wallet = await api.get('/api/wallet', before.fan.cookie);
  check(wallet.balanceCents === 4_500, `${where}: the fan's balance is ${wallet.balanceCents} cents, not 4500`);
  const received = await api.get('/api/received', before.creator.cookie);
  check(received.items.length === 1, `${where}: the creator has ${received.items.length} received items, not 1`);
  check((await api.get('/api/push/public-key')).publicKey === before.publicKey, `${where}: another push key`);
  const bytes = await served(server.baseUrl, before.imageUrl);
  check(bytes?.equals(before.imageBytes), `${where}: the image ${before.imageUrl} is not served as uploaded`);
  return api;
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('docs drill: skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run it');
    return;
  }
  check(fs.existsSync(path.join(root, 'apps/server/dist/main.js')), 'run `npm run build` first');
  check(process.features.typescript, 'needs Node 24: run it as `npx node scripts/docs-drill.mjs` (npm test does)');
  // The push service stand-in is TypeScript: Node 24 runs it as it is (`npm test` runs this on Node 24).
  const { startPushEndpoint } = await import('../apps/server/test/push-endpoint.ts');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-drill-'));
  const [dataDir, restoredDataDir] = [path.join(work, 'data'), path.join(work, 'restored-data')];
  const envFile = path.join(work, 'env');
  fs.writeFileSync(envFile, '', { mode: 0o600 });
  const name = `sweetwish_drill_${randomBytes(4).toString('hex')}`;
  const urlOf = (database) => Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
  const [databaseUrl, restoreUrl] = [urlOf(name), urlOf(`${name}_restored`)];
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const push = await startPushEndpoint();
  const servers = [];
  try {
    await admin.query(`create database ${name}`);
    const before = await useEmbeddedServer(dataDir, push);

    const moved = await runGuideBlock(root, 'docs/deploy.md', 'db-move', {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    });
    check(/^moved: /m.test(moved), `db:move did not say "moved":\n${moved}`);
    await runGuideBlock(
      root,
      'docs/deploy.md',
      'configure-postgres',
      { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      { envFile },
    );
    step(
      'deploy.md section 8: db:move to a new PostgreSQL database, then DATABASE_URL and AUTH_SECRET in the env file',
    );

    // deploy.md's `start` block is `systemctl start`: the unit's command, with the env file and its DATA_DIR.
    const onPostgres = await startServer(root, { ...readEnvFile(envFile), DATA_DIR: dataDir });
    servers.push(onPostgres);
    const api = await checkCarriedOver(onPostgres, before, 'after db:move');
    await api.post(`/api/conversations/${before.conversationId}/messages`, before.fan.cookie, {
      type: 'text',
      content: 'Moved!',
    });
    await eventually('a push after the move', () => push.received.length >= 2);
    check(push.rejected.length === 0, `the push service refused: ${push.rejected.join('; ')}`);
    check(
      push.received.every((p) => p.vapidPublicKey === before.publicKey),
      'a push was signed with another key',
    );
    step('on PostgreSQL: the same session, balance, gifts and image; a message pushed with the same keys');

    const reconciled = await runGuideBlock(root, 'docs/deploy.md', 'reconcile', { DATABASE_URL: databaseUrl });
    check(reconciled.trim().endsWith('\nok'), `reconcile did not say ok:\n${reconciled}`);
    step('deploy.md: npm run reconcile said ok');

    const [backupFile, mediaBackupFile] = [path.join(work, 'sweetwish.dump'), path.join(work, 'media.tar.gz')];
    await runGuideBlock(root, 'docs/backup.md', 'backup-postgres', {
      DATABASE_URL: databaseUrl,
      BACKUP_FILE: backupFile,
    });
    await runGuideBlock(root, 'docs/backup.md', 'backup-media', {
      DATA_DIR: dataDir,
      MEDIA_BACKUP_FILE: mediaBackupFile,
    });
    await onPostgres.stop();
    step('backup.md: pg_dump and the images, taken while the server served');

    await admin.query(`create database ${name}_restored`);
    await runGuideBlock(root, 'docs/backup.md', 'restore-postgres', {
      RESTORE_URL: restoreUrl,
      BACKUP_FILE: backupFile,
    });
    await runGuideBlock(root, 'docs/backup.md', 'restore-media', {
      DATA_DIR: restoredDataDir,
      MEDIA_BACKUP_FILE: mediaBackupFile,
    });
    const restoredCheck = await runGuideBlock(root, 'docs/backup.md', 'reconcile-restored', {
      RESTORE_URL: restoreUrl,
    });
    check(
      restoredCheck.trim().endsWith('\nok'),
      `reconcile of the restored database did not say ok:\n${restoredCheck}`,
    );
    step('backup.md: restored into a new database and data folder; reconcile said ok');

    const { AUTH_SECRET } = readEnvFile(envFile);
    const restored = await startServer(root, { DATABASE_URL: restoreUrl, AUTH_SECRET, DATA_DIR: restoredDataDir });
    servers.push(restored);
    await checkCarriedOver(restored, before, 'after the restore');
    step('the restored server: the same session, balance, gifts, push key and image');
  } finally {
    for (const server of servers) await server.stop();
    await push.close();
    for (const database of [name, `${name}_restored`])
      await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }
  step('passed; databases dropped');
}

await main();
