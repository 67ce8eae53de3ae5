import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/app-harness';
import { type Database, queryRows } from '../db/client';
import * as schema from '../db/schema';
import { MIGRATIONS_DIR } from '../paths';
import { notificationJob } from '../use-cases/notification-job';

/** The migrations folder as it was before the job runner: a copy, its journal cut there. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * Work in flight when the job runner arrives must still finish (decision 023): the upgrade queues a job for
 * every notification not yet settled and every pending withdrawal.
 */
describe('the migration to the job runner, on a database with work in flight', () => {
  const oldMigrations = migrationsBefore('20261125151222_jobs');
  afterAll(() => fs.rmSync(oldMigrations, { recursive: true, force: true }));

  it('queues a job for each unsettled notification and pending withdrawal, due when it was', async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const db = drizzle({ client, schema }) as unknown as Database;
    await migrate(drizzle({ client }), { migrationsFolder: oldMigrations });
    await db.execute(sql`insert into users (id, name, email, handle, display_name)
      values ('creator', 'creator', 'creator@example.com', 'creator', 'creator')`);
    // Message notifications name a conversation; the test needs none (foreign keys off while seeding).
    await db.execute(sql`set session_replication_role = replica`);
    for (const [id, status] of [
      [1, 'pending'],
      [2, 'claimed'],
      [3, 'sending'],
      [4, 'sent'],
    ] as const) {
      await db.execute(sql`insert into notifications (id, user_id, kind, conversation_id, status, not_before,
          claimed_by, claimed_until)
        values (${id}, 'creator', 'message', ${`c${id}`}, ${status}, '2026-11-25T10:00:00Z',
          ${status === 'claimed' || status === 'sending' ? 'old-worker' : null},
          ${status === 'claimed' || status === 'sending' ? '2026-11-25T10:05:00Z' : null})`);
    }
    await db.execute(sql`set session_replication_role = origin`);
    await db.execute(sql`insert into withdrawals (id, user_id, amount_cents, provider_account_id, status,
        next_attempt_at, claimed_until)
      values ('w-retry', 'creator', 5000, 'acct_1', 'pending', '2026-11-25T11:00:00Z', null),
        ('w-claimed', 'creator', 5000, 'acct_1', 'pending', '2026-11-25T10:00:00Z', '2026-11-25T10:02:00Z'),
        ('w-paid', 'creator', 5000, 'acct_1', 'paid', '2026-11-25T10:00:00Z', null)`);

    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });

    const jobs = await queryRows<{ type: string; key: string | null; payload: unknown; run_at: Date | string }>(
      db,
      sql`select type, key, payload, run_at from jobs where status = 'pending' order by type, id`,
    );
    expect(jobs.map((j) => ({ ...j, run_at: new Date(j.run_at).toISOString() }))).toEqual([
      { type: 'notification', key: null, payload: { notificationId: 1 }, run_at: '2026-11-25T10:00:00.000Z' },
      { type: 'notification', key: null, payload: { notificationId: 2 }, run_at: '2026-11-25T10:00:00.000Z' },
      { type: 'notification', key: null, payload: { notificationId: 3 }, run_at: '2026-11-25T10:00:00.000Z' },
      {
        type: 'withdrawal-transfer',
        key: 'withdrawal:w-claimed',
        payload: { withdrawalId: 'w-claimed' },
        run_at: '2026-11-25T10:02:00.000Z',
      },
      {
        type: 'withdrawal-transfer',
        key: 'withdrawal:w-retry',
        payload: { withdrawalId: 'w-retry' },
        run_at: '2026-11-25T11:00:00.000Z',
      },
    ]);
    const statuses = async () =>
      (await queryRows<{ status: string }>(db, sql`select status from notifications order by id`)).map((r) => r.status);
    expect(await statuses()).toEqual(['pending', 'pending', 'sending', 'sent']);

    // The one an old worker was sending may have reached the provider: its job never sends it again.
    const logger = captureLogger().logger;
    const unreachable = async () => {
      throw new Error('nothing is sent');
    };
    const job = notificationJob({
      db,
      messaging: { sms: { send: unreachable }, email: { send: unreachable } } as never,
      logger,
      publicOrigin: 'http://localhost',
    });
    await job.handle({ notificationId: 3 }, { attempt: 1, isLastAttempt: false });
    expect(await statuses()).toEqual(['pending', 'pending', 'unknown', 'sent']);
    await client.close();
  });
});
