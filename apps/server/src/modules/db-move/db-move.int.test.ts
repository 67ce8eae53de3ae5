import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, jsonHeaders } from '../../../test/app-harness';
import { createFreshPostgresDatabase } from '../../../test/databases';
import { type Person, peopleOn } from '../../../test/people';
import { diskStorage } from '../../adapters/storage/disk-storage';
import { s3Storage } from '../../adapters/storage/s3-storage';
import { type DatabaseHandle, openPglite, openPostgres, queryRows } from '../../db/client';
import { solidImage } from '../media/test-images';
import { reconcile } from '../wallet/service';
import { mediaKeys } from './media';
import { runMove } from './move';
import { compareTables, copyRows } from './service';

const BLURHASH = 'LEHV6nWB2yk8pyo0adR*.7kCMdnjLEHV6nWB';
const BUCKET = 'sweetwish-moved';

/**
 * An embedded database filled through the app's own endpoints (people who sign in, an affiliate, wishes,
 * a purchase, tips, a conversation with an image), moved into a fresh PostgreSQL database.
 */
describe.skipIf(!inject('postgresUrl'))('npm run db:move, from PGlite to PostgreSQL', () => {
  let dataDir: string;
  let s3Dir: string;
  let s3Server: S3rver;
  let s3Port: number;
  const dropAfter: (() => Promise<void>)[] = [];
  let people: ReturnType<typeof peopleOn>;
  let fan: Person;
  let creator: Person;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sweetwish-move-'));
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    const { app } = await buildTestApp(database, { storage: diskStorage(path.join(dataDir, 'media')) });
    people = peopleOn(app, database);

    const affiliate = await people.newPerson();
    creator = await people.newPerson({ affiliate: affiliate.handle });
    fan = await people.newPerson({ tokens: 200 });
    const wish = await people.json<{ id: string }>(
      people.post(creator, '/wishes', { name: 'Record player', cost: 40 }),
      201,
    );
    await people.json(people.post(creator, '/wishes', { name: 'Spare wish', cost: 20 }), 201);
    await people.json(people.post(fan, '/purchases', { productId: wish.id, sellerId: creator.id }), 201);
    for (const amount of [5, 7, 11]) {
      await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount }), 201);
    }
    const { tipId } = await people.json<{ tipId: string }>(
      people.post(fan, '/tips', { recipientId: creator.id, amount: 3, isAnonymous: true }),
      201,
    );
    const { conversationId } = await people.json<{ conversationId: string }>(
      people.post(fan, '/conversations', { type: 'purchase', purchaseId: tipId }),
    );
    await people.json(
      people.post(fan, `/conversations/${conversationId}/messages`, { type: 'text', content: 'Hi!' }),
      201,
    );
    const form = new FormData();
    form.append('file', new Blob([await solidImage(16, 16, 'png')]), 'photo.png');
    form.append('blurhash', BLURHASH);
    const image = await app.request(`/api/conversations/${conversationId}/images`, {
      method: 'POST',
      headers: { Cookie: fan.cookie, Origin: jsonHeaders().Origin as string },
      body: form,
    });
    expect(image.status).toBe(201);
    await database.close();

    s3Dir = await mkdtemp(path.join(tmpdir(), 'sweetwish-move-s3-'));
    s3Server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    s3Port = (await s3Server.run()).port;
  }, 120_000);

  afterAll(async () => {
    for (const drop of dropAfter) await drop();
    await s3Server?.close();
    if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  async function freshTarget() {
    const fresh = await createFreshPostgresDatabase({ empty: true });
    dropAfter.push(fresh.drop);
    return fresh.url;
  }

  const s3 = () => ({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    keyPrefix: 'moved',
  });

  async function move(targetUrl: string | undefined, options: { withS3?: boolean } = {}) {
    const lines: string[] = [];
    const code = await runMove({
      targetUrl,
      dataDir,
      s3: options.withS3 ? s3() : undefined,
      keys: { hasAuthSecretVariable: false, hasVapidVariables: false },
      write: (line) => lines.push(line),
    });
    return { code, lines, output: lines.join('\n') };
  }

  it('copies every row and media file, keeps ids going, and the moved data works in the app', async () => {
    const targetUrl = await freshTarget();
    const result = await move(targetUrl, { withS3: true });

    expect(result.output).toContain('reconciliation: ok');
    expect(result.output).not.toContain('DIFFERENT');
    expect(result.output).toMatch(/^same ledger_entries: [1-9]\d* rows in the source, \d+ in the target$/m);
    expect(result.output).toMatch(/^same users: 3 rows/m);
    expect(result.code).toBe(0);

    // The image's files are in the bucket under the same keys, byte for byte.
    const keys = await mediaKeys(path.join(dataDir, 'media'));
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(result.output).toContain(`media: ${keys.length} files copied to bucket ${BUCKET} under moved`);
    const disk = diskStorage(path.join(dataDir, 'media'));
    for (const key of keys) {
      expect(new Uint8Array((await s3Storage(s3()).get(key))?.bytes ?? [])).toEqual(
        new Uint8Array((await disk.get(key))?.bytes ?? [1]),
      );
    }

    // The app on the moved database: balances as before, the affiliate kept, and new rows take new ids.
    const target = await openPostgres(targetUrl);
    try {
      const { app } = await buildTestApp(target, { storage: s3Storage(s3()) });
      const moved = peopleOn(app, target);
      const wallet = await moved.json<{ balanceCents: number }>(moved.get(fan, '/wallet'));
      expect(wallet.balanceCents).toBe(20_000 - 4_000 - 2_600);
      const [row] = await queryRows<{ affiliate: string | null }>(
        target.db,
        sql`select a.handle as affiliate from users u join users a on a.id = u.affiliate_id where u.id = ${creator.id}`,
      );
      expect(row?.affiliate).toBeTruthy();
      const before = await maxEntryId(target);
      await moved.json(moved.post(fan, '/tips', { recipientId: creator.id, amount: 2 }), 201);
      expect(await maxEntryId(target)).toBeGreaterThan(before);
      const list = await moved.json<{ items: { id: string }[] }>(moved.get(fan, '/purchases'));
      expect(list.items).toHaveLength(6);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('copies in batches of two rows without splitting a ledger transfer between statements', async () => {
    // Every transfer has three or four entries: with batches of two, a split one would break the balance trigger.
    const targetUrl = await freshTarget();
    const [source, target] = [await openPglite(path.join(dataDir, 'db')), await openPostgres(targetUrl)];
    try {
      await target.migrate();
      const copies = await copyRows(source.db, target.db, 2);
      expect(copies.find((c) => c.table === 'ledger_entries')?.rows).toBeGreaterThan(10);
      expect((await compareTables(source.db, target.db)).filter((t) => !t.isSameContent)).toEqual([]);
      expect(await reconcile(target.db)).toEqual({ isOk: true, lines: ['ok'] });
    } finally {
      await target.close();
      await source.close();
    }
  }, 60_000);

  it('refuses a target that holds anything, and changes nothing there', async () => {
    const targetUrl = await freshTarget();
    const target = await openPostgres(targetUrl);
    await target.db.execute(sql`create table notes (id int primary key)`);
    await target.db.execute(sql`insert into notes values (1)`);
    const result = await move(targetUrl);
    const tables = await queryRows<{ name: string }>(
      target.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public'`,
    );
    await target.close();

    expect(result.code).toBe(1);
    expect(result.output).toBe(
      'refused: The target database is not empty (1 tables: public.notes). db:move copies into an empty database only: create a new one (createdb) and name it instead.',
    );
    expect(tables).toEqual([{ name: 'notes' }]);
  });

  it('refuses while a server has the embedded database open, and without a PostgreSQL address', async () => {
    const targetUrl = await freshTarget();
    const pidFile = path.join(dataDir, 'db', 'postmaster.pid');
    await writeFile(pidFile, '-42\n');
    try {
      const result = await move(targetUrl);
      expect(result.code).toBe(1);
      expect(result.output).toMatch(
        /^refused: the embedded database at .* is open \(postmaster\.pid is there\): stop the server first/,
      );
    } finally {
      await rm(pidFile);
    }
    expect((await move(undefined)).output).toContain(
      'refused: name the target database: npm run db:move -- postgres://',
    );
    expect((await move('mysql://host/db')).code).toBe(1);
  });

  it('reports a copy that differs from its source', async () => {
    // A row that changes in the source after the copy stands for a copy gone wrong.
    const targetUrl = await freshTarget();
    expect((await move(targetUrl)).code).toBe(0);
    const target = await openPostgres(targetUrl);
    await target.db.execute(sql`update users set display_name = 'Changed' where id = ${fan.id}`);
    await target.db.execute(sql`delete from wishes where name = 'Spare wish'`);
    await target.close();
    const source = await openPglite(path.join(dataDir, 'db'));
    const again = await openPostgres(targetUrl);
    try {
      const comparison = await compareTables(source.db, again.db);
      expect(comparison.find((t) => t.table === 'users')).toMatchObject({
        sourceRows: 3,
        targetRows: 3,
        isSameContent: false,
      });
      expect(comparison.find((t) => t.table === 'wishes')).toMatchObject({ sourceRows: 2, targetRows: 1 });
      expect(
        comparison
          .filter((t) => !t.isSameContent)
          .map((t) => t.table)
          .sort(),
        // The rename also added its trigrams and changed its words in the search tables (decisions 022, 036).
      ).toEqual(['user_search_trigrams', 'user_search_words', 'users', 'wishes']);
    } finally {
      await again.close();
      await source.close();
    }
  });
});

async function maxEntryId(database: DatabaseHandle): Promise<number> {
  const [row] = await queryRows<{ id: string }>(database.db, sql`select max(id) as id from ledger_entries`);
  return Number(row?.id);
}
