import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFreshPostgresDatabase } from '../test/databases';
import { seedTokens, seedUser } from '../test/seed';
import { openPglite, openPostgres } from './db/client';
import { walletAccountId } from './modules/ledger/accounts';
import { RECONCILE_EXIT, runReconcile } from './reconcile-command';

/** Runs `npm run reconcile`'s command with exactly `env` (no AUTH_SECRET unless given) and keeps what it printed. */
async function reconcileWith(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runReconcile(env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out, err: err.join('\n') };
}

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'sweetwish-reconcile-'));
});
afterAll(() => rm(tempDir, { recursive: true, force: true }));

describe('npm run reconcile: its exit code tells unbalanced books from a check that could not run', () => {
  it('checks an embedded database with DATA_DIR alone: 0 and "ok", then 1 and the discrepancy', async () => {
    const dataDir = path.join(tempDir, 'embedded');
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    const user = await seedUser(database.db);
    await seedTokens(database.db, user.id, 5_000);
    await database.close();
    expect(await reconcileWith({ DATA_DIR: dataDir })).toEqual({ code: RECONCILE_EXIT.ok, out: ['ok'], err: '' });

    // A cached balance that no longer matches its entries, as a bad manual fix would leave it.
    const again = await openPglite(path.join(dataDir, 'db'));
    await again.db.execute(
      sql`update ledger_accounts set balance_cents = balance_cents + 1 where id = ${walletAccountId(user.id)}`,
    );
    await again.close();
    const unbalanced = await reconcileWith({ DATA_DIR: dataDir });
    expect(unbalanced.code).toBe(RECONCILE_EXIT.unbalanced);
    expect(unbalanced.out.sort()).toEqual([
      `account ${walletAccountId(user.id)}: balance 5001 cents, its token lots hold 5000`,
      `account ${walletAccountId(user.id)}: cached balance 5001 cents, entries sum to 5000`,
    ]);
  });

  it('answers 2, and creates nothing, for a data folder without a database or one a server has open', async () => {
    const empty = path.join(tempDir, 'nothing-here');
    const missing = await reconcileWith({ DATA_DIR: empty });
    expect(missing.code).toBe(RECONCILE_EXIT.cannotCheck);
    expect(missing.err).toContain(`there is no embedded database at ${path.join(empty, 'db')}`);
    expect(existsSync(empty)).toBe(false);

    const dataDir = path.join(tempDir, 'open');
    const database = await openPglite(path.join(dataDir, 'db'));
    await database.migrate();
    await database.close();
    await writeFile(path.join(dataDir, 'db', 'postmaster.pid'), '-42\n');
    const open = await reconcileWith({ DATA_DIR: dataDir });
    expect(open.code).toBe(RECONCILE_EXIT.cannotCheck);
    expect(open.err).toContain('is open (postmaster.pid is there): stop the server first');
  });

  it('answers 2 for a malformed DATABASE_URL and for a database that does not answer', async () => {
    const malformed = await reconcileWith({ DATABASE_URL: 'mysql://db.example/sweetwish' });
    expect(malformed.code).toBe(RECONCILE_EXIT.cannotCheck);
    expect(malformed.err).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');

    // Port 1 on this machine: nothing listens there, so the connection is refused at once.
    const away = await reconcileWith({ DATABASE_URL: 'postgres://sweetwish:s3cret-pass@127.0.0.1:1/sweetwish' });
    expect(away.code).toBe(RECONCILE_EXIT.cannotCheck);
    expect(away.err).toMatch(/^reconcile: the ledger was not checked: .*ECONNREFUSED/);
    expect(away.err).not.toContain('s3cret-pass');
  });

  it.skipIf(!inject('postgresUrl'))('checks PostgreSQL with DATABASE_URL alone, no AUTH_SECRET', async () => {
    const fresh = await createFreshPostgresDatabase();
    try {
      const database = await openPostgres(fresh.url);
      await database.migrate();
      const user = await seedUser(database.db);
      await seedTokens(database.db, user.id, 2_500);
      await database.close();
      expect(await reconcileWith({ DATABASE_URL: fresh.url })).toEqual({
        code: RECONCILE_EXIT.ok,
        out: ['ok'],
        err: '',
      });
    } finally {
      await fresh.drop();
    }
  });
});
