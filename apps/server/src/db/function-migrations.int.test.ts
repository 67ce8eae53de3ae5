import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseKinds, openEmptyDatabase } from '../../test/databases';
import { MIGRATIONS_DIR } from '../paths';
import { readJournal } from './custom-migration';
import { databaseFunctions, FUNCTIONS_DIR, normaliseFunction } from './function-files';
import { generateFunctionMigrations } from './function-migrations';

// `npm run db:functions` on copies of apps/server/drizzle and apps/server/sql (decision 070).

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Copies of the migrations and the function files, side by side as in apps/server. */
function copies(): { migrations: string; functions: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-db-functions-'));
  folders.push(root);
  const copy = { migrations: path.join(root, 'drizzle'), functions: path.join(root, 'sql') };
  fs.cpSync(MIGRATIONS_DIR, copy.migrations, { recursive: true });
  fs.cpSync(FUNCTIONS_DIR, copy.functions, { recursive: true });
  return copy;
}

function edit(folder: string, file: string, change: (text: string) => string) {
  const before = fs.readFileSync(path.join(folder, file), 'utf8');
  const after = change(before);
  expect(after, `${file} changed`).not.toBe(before);
  fs.writeFileSync(path.join(folder, file), after);
}

/** The folder's files, names and bytes, to show that nothing was written. */
function contents(folder: string): Map<string, string> {
  const files = fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  return new Map(
    files
      .filter((f) => fs.statSync(path.join(folder, f)).isFile())
      .map((f) => [f, fs.readFileSync(path.join(folder, f), 'utf8')]),
  );
}

const NEW_FUNCTION = `-- A function of this test only.
CREATE OR REPLACE FUNCTION public.test_answer()
 RETURNS integer
 LANGUAGE sql
AS $function$ SELECT 42 $function$;
`;

// Each case migrates a new embedded database in a child process: over 60 s beside the end-to-end tests on
// two cores. A guard against a hang, not a measure of speed.
describe('npm run db:functions', { timeout: 180_000 }, () => {
  it('writes a migration per changed or new file, not again, that leaves each file as its function', async () => {
    const copy = copies();
    edit(copy.functions, 'ledger_post.sql', (text) =>
      text.replace("RAISE EXCEPTION 'a transfer needs", "RAISE EXCEPTION 'A transfer needs"),
    );
    // A parameter renamed: CREATE OR REPLACE refuses it, so the old function is dropped first.
    edit(copy.functions, 'ledger_take_pending_lots.sql', (text) => text.replaceAll('p_cents', 'p_amounts'));
    fs.writeFileSync(path.join(copy.functions, 'test_answer.sql'), NEW_FUNCTION);
    const entriesBefore = readJournal(copy.migrations).entries.length;

    const tags = await generateFunctionMigrations(copy.migrations, copy.functions);

    expect(tags.map((tag) => tag.slice('YYYYMMDDHHmmss_'.length))).toEqual([
      'function_ledger_post',
      'function_ledger_take_pending_lots',
      'function_test_answer',
    ]);
    expect(
      readJournal(copy.migrations)
        .entries.slice(entriesBefore)
        .map((entry) => entry.tag),
    ).toEqual(tags);
    const [postMigration, lotsMigration] = tags.map((tag) =>
      fs.readFileSync(path.join(copy.migrations, `${tag}.sql`), 'utf8'),
    );
    expect(postMigration).toContain(fs.readFileSync(path.join(copy.functions, 'ledger_post.sql'), 'utf8'));
    expect(postMigration).not.toContain('DROP FUNCTION');
    expect(lotsMigration).toMatch(
      /^DROP FUNCTION public\.ledger_take_pending_lots\(p_users text\[\], p_cents bigint\[\]\);$/m,
    );
    expect(await generateFunctionMigrations(copy.migrations, copy.functions)).toEqual([]);

    for (const kind of databaseKinds()) {
      const database = await openEmptyDatabase(kind);
      try {
        await database.migrate(copy.migrations);
        const functions = await databaseFunctions(database.db);
        for (const name of ['ledger_post', 'ledger_take_pending_lots', 'test_answer']) {
          const defined = functions.filter((f) => f.name === name);
          expect(defined, `${name} on ${kind}`).toHaveLength(1);
          const file = fs.readFileSync(path.join(copy.functions, `${name}.sql`), 'utf8');
          expect(normaliseFunction(defined[0]?.definition ?? '')).toBe(normaliseFunction(file));
        }
      } finally {
        await database.close();
      }
    }
  });

  it("refuses, writing nothing, when a function of the migrations (a trigger's too) has no file", async () => {
    const copy = copies();
    fs.rmSync(path.join(copy.functions, 'queue_notification_job.sql'));
    const before = contents(copy.migrations);
    await expect(generateFunctionMigrations(copy.migrations, copy.functions)).rejects.toThrow(
      /define queue_notification_job with no file/,
    );
    expect(contents(copy.migrations)).toEqual(before);
  });

  it('refuses, writing nothing, a file that PostgreSQL prints otherwise', async () => {
    const copy = copies();
    const reordered = NEW_FUNCTION.replace(' LANGUAGE sql', ' IMMUTABLE\n LANGUAGE sql');
    fs.writeFileSync(path.join(copy.functions, 'test_answer.sql'), reordered);
    const before = contents(copy.migrations);
    await expect(generateFunctionMigrations(copy.migrations, copy.functions)).rejects.toThrow(
      /still differs from test_answer\.sql/,
    );
    expect(contents(copy.migrations)).toEqual(before);
  });

  it('refuses a file that does not create the function it is named after', async () => {
    const copy = copies();
    fs.writeFileSync(path.join(copy.functions, 'test_answer.sql'), NEW_FUNCTION.replace('test_answer', 'test_other'));
    await expect(generateFunctionMigrations(copy.migrations, copy.functions)).rejects.toThrow(
      /must hold one "CREATE OR REPLACE FUNCTION public\.test_answer/,
    );
  });
});
