import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { type DatabaseHandle, queryRows } from './client';
import { type DatabaseFunction, databaseFunctions, normaliseFunction, readFunctionFiles } from './function-files';

// apps/server/sql holds one file per database function, named after it, and the migrations are generated
// from those files (`npm run db:functions`, decision 070): the database a new install migrates must hold
// exactly the files' functions, triggers' included.

describe.each(databaseKinds())('database functions on %s', (kind) => {
  let database: DatabaseHandle;
  let declared: DatabaseFunction[];
  const definitionOf = (name: string) => declared.find((f) => f.name === name)?.definition ?? '';
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    declared = await databaseFunctions(database.db);
  });
  afterAll(() => database.close());

  it('have one file each in apps/server/sql, and every file a function', () => {
    expect(declared.length).toBeGreaterThan(0);
    expect([...readFunctionFiles().keys()]).toEqual(declared.map((f) => f.name).sort());
  });

  it('are each defined once (no overload left beside a function whose parameters changed)', () => {
    const names = declared.map((f) => f.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it.each([...readFunctionFiles()])('%s.sql is the text the migrations leave in the database', (name, file) => {
    expect(definitionOf(name), `no function ${name} in the migrated database`).not.toBe('');
    expect(normaliseFunction(file)).toBe(normaliseFunction(definitionOf(name)));
  });

  it('notices a file that differs from the database (the comparison can fail)', () => {
    const file = readFunctionFiles().get('ledger_post') ?? '';
    const changed = file.replace("RAISE EXCEPTION 'a transfer needs", "RAISE EXCEPTION 'A transfer needs");
    expect(changed).not.toBe(file);
    expect(normaliseFunction(changed)).not.toBe(normaliseFunction(definitionOf('ledger_post')));
  });

  it('plan the hot paths once per connection, the writes never reading a table whole (index-lookups.int.test.ts)', async () => {
    const rows = await queryRows<{ name: string; config: string[] | null }>(
      database.db,
      sql`select proname as name, proconfig as config from pg_proc
          where proname in ('search_users', 'post_gifts', 'count_rate_limits') order by proname`,
    );
    expect(rows).toEqual([
      { name: 'count_rate_limits', config: ['plan_cache_mode=force_generic_plan', 'enable_seqscan=off'] },
      { name: 'post_gifts', config: ['plan_cache_mode=force_generic_plan', 'enable_seqscan=off'] },
      // A search never waits for parallel workers to start (7 ms a call at 1,000,000 users).
      { name: 'search_users', config: ['plan_cache_mode=force_generic_plan', 'max_parallel_workers_per_gather=0'] },
    ]);
  });
});
