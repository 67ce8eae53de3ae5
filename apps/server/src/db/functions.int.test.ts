import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openFreshDatabase } from '../../test/databases';
import { MIGRATIONS_DIR } from '../paths';
import { type DatabaseHandle, queryRows } from './client';

/** apps/server/sql: one file per database function, its current text (decision 024). */
const FUNCTIONS_DIR = path.join(MIGRATIONS_DIR, '../sql');

/** The file's statement without its leading comment, whitespace runs made one space, no final semicolon. */
function normalise(text: string) {
  const statement = text.slice(text.search(/^CREATE/m));
  return statement.replace(/;\s*$/, '').replace(/\s+/g, ' ').trim();
}

function functionFiles(): Map<string, string> {
  const files = fs.readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.sql'));
  return new Map(
    files.map((name) => [name.slice(0, -'.sql'.length), fs.readFileSync(path.join(FUNCTIONS_DIR, name), 'utf8')]),
  );
}

/** The migrated database's own functions (those of extensions, such as pg_trgm's, are not ours). */
async function databaseFunctions(database: DatabaseHandle): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by p.proname`,
  );
  return new Map(rows.map((row) => [row.name, row.definition]));
}

describe.each(databaseKinds())('database functions on %s', (kind) => {
  let database: DatabaseHandle;
  let declared: Map<string, string>;
  beforeAll(async () => {
    database = await openFreshDatabase(kind);
    await database.migrate();
    declared = await databaseFunctions(database);
  });
  afterAll(() => database.close());

  it('have one file each in apps/server/sql, and every file a function', () => {
    expect(declared.size).toBeGreaterThan(0);
    expect([...functionFiles().keys()].sort()).toEqual([...declared.keys()].sort());
  });

  it.each([...functionFiles()])('%s.sql is the text the migrations leave in the database', (name, file) => {
    const definition = declared.get(name);
    expect(definition, `no function ${name} in the migrated database`).toBeDefined();
    expect(normalise(file)).toBe(normalise(definition ?? ''));
  });

  it('notices a file that differs from the database (the comparison can fail)', () => {
    const file = functionFiles().get('ledger_post') ?? '';
    const changed = file.replace("RAISE EXCEPTION 'a transfer needs", "RAISE EXCEPTION 'A transfer needs");
    expect(changed).not.toBe(file);
    expect(normalise(changed)).not.toBe(normalise(declared.get('ledger_post') ?? ''));
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
