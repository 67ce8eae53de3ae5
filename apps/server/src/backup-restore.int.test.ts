import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, captureLogger, testConfig, UNLIMITED_WRITES } from '../test/app-harness';
import { createFreshPostgresDatabase } from '../test/databases';
import { readEveryPage } from '../test/paging';
import { type Person, peopleOn } from '../test/people';
import { openPglite, openPostgres } from './db/client';
import { reconcile } from './modules/wallet/service';
import { startServer } from './server';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const guide = readFileSync(path.join(repoRoot, 'docs/backup.md'), 'utf8');

/** The shell commands of the guide's code block marked `name` (```sh name), exactly as written there. */
function guideBlock(name: string): string {
  const match = guide.match(new RegExp(`^\`\`\`sh ${name}\\n([\\s\\S]*?)^\`\`\`$`, 'm'));
  if (!match?.[1]) throw new Error(`docs/backup.md has no block "${name}"`);
  return match[1];
}

/** Runs a block of the guide in bash, stopping at its first failing command, with the given variables. */
async function runGuideBlock(name: string, env: Record<string, string>) {
  return run('bash', ['-euo', 'pipefail', '-c', guideBlock(name)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
}

/** A server of its own on a free port, asked for its health and for one person's purchases, then stopped. */
async function serveAndRead(env: Record<string, string>, person: Person) {
  const server = await startServer(
    testConfig({ PORT: '0', HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:5172', ...env }),
    captureLogger().logger,
  );
  try {
    const health = await (await fetch(new URL('/api/health', server.url))).json();
    const purchases = (await (
      await fetch(new URL('/api/purchases', server.url), { headers: { Cookie: person.cookie } })
    ).json()) as { items: unknown[] };
    return { health, purchases: purchases.items.length };
  } finally {
    await server.stop();
  }
}

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'sweetwish-backup-'));
});
afterAll(() => rm(tempDir, { recursive: true, force: true }));

describe.skipIf(!inject('postgresUrl'))('PostgreSQL backup and restore, as docs/backup.md says', () => {
  it('backs up while tips are being sent, restores into a new database that reconciles and serves', async () => {
    const [live, restored] = [await createFreshPostgresDatabase(), await createFreshPostgresDatabase({ empty: true })];
    const database = await openPostgres(live.url);
    try {
      await database.migrate();
      const { app } = await buildTestApp(database, { writePolicy: UNLIMITED_WRITES });
      const people = peopleOn(app, database);
      const creator = await people.newPerson();
      const fans = await Promise.all([1, 2, 3, 4].map(() => people.newPerson({ tokens: 1_000 })));

      // Write load: each fan sends one tip after another until told to stop.
      let acknowledged = 0;
      let isLoading = true;
      const senders = fans.map(async (fan) => {
        while (isLoading) {
          const res = await people.post(fan, '/tips', { recipientId: creator.id, amount: 1 });
          if (res.status !== 201) throw new Error(`a tip answered ${res.status}: ${await res.text()}`);
          acknowledged++;
        }
      });
      while (acknowledged < 20) await new Promise((resolve) => setImmediate(resolve));

      const backupFile = path.join(tempDir, 'sweetwish.dump');
      const beforeDump = acknowledged;
      await runGuideBlock('backup-postgres', { DATABASE_URL: live.url, BACKUP_FILE: backupFile });
      const afterDump = acknowledged;
      isLoading = false;
      await Promise.all(senders);
      // The dump ran while tips went on being acknowledged.
      expect(afterDump).toBeGreaterThan(beforeDump);

      await runGuideBlock('restore-postgres', { RESTORE_URL: restored.url, BACKUP_FILE: backupFile });
      const copy = await openPostgres(restored.url);
      let tipsInBackup: number;
      try {
        expect(await reconcile(copy.db)).toEqual({ isOk: true, lines: ['ok'] });
        const { app: restoredApp } = await buildTestApp(copy);
        const restoredPeople = peopleOn(restoredApp, copy);
        const received = await readEveryPage((q) => restoredPeople.get(creator, `/received${q}`), 100);
        tipsInBackup = received.length;
      } finally {
        await copy.close();
      }
      console.info(
        `backup under load: ${beforeDump} tips acknowledged when pg_dump started, ${afterDump} when it ended, ${tipsInBackup} in the backup`,
      );
      // A consistent snapshot: every tip acknowledged before the dump began, none sent after it ended.
      expect(tipsInBackup).toBeGreaterThanOrEqual(beforeDump);
      expect(tipsInBackup).toBeLessThanOrEqual(afterDump);

      const served = await serveAndRead({ DATABASE_URL: restored.url }, fans[0] as Person);
      expect(served.health).toEqual({ status: 'ok', database: 'postgres' });
      expect(served.purchases).toBeGreaterThan(0);
    } finally {
      await database.close();
      await live.drop();
      await restored.drop();
    }
  }, 180_000);
});

describe('embedded database backup and restore, as docs/backup.md says', () => {
  it('copies a stopped data folder and a server starts on the copy with the data there', async () => {
    const dataDir = path.join(tempDir, 'data');
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    const { app } = await buildTestApp(database);
    const people = peopleOn(app, database);
    const creator = await people.newPerson();
    const fan = await people.newPerson({ tokens: 50 });
    for (const amount of [3, 4]) await people.json(people.post(fan, '/tips', { recipientId: creator.id, amount }), 201);
    await database.close();

    const backupFile = path.join(tempDir, 'sweetwish-data.tar.gz');
    await runGuideBlock('backup-embedded', { DATA_DIR: dataDir, BACKUP_FILE: backupFile });
    const restoredDir = path.join(tempDir, 'restored-data');
    await runGuideBlock('restore-embedded', { DATA_DIR: restoredDir, BACKUP_FILE: backupFile });

    const copy = await openPglite(path.join(restoredDir, 'db'));
    try {
      expect(await reconcile(copy.db)).toEqual({ isOk: true, lines: ['ok'] });
    } finally {
      await copy.close();
    }
    const served = await serveAndRead({ DATA_DIR: restoredDir }, fan);
    expect(served.health).toEqual({ status: 'ok', database: 'pglite' });
    expect(served.purchases).toBe(2);
  }, 120_000);
});
