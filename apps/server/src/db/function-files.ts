import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../paths';
import { type Database, queryRows } from './client';

/** apps/server/sql: one file per database function, named after it, holding its current text (decision 070). */
export const FUNCTIONS_DIR = path.join(MIGRATIONS_DIR, '../sql');

/** How a file's statement starts, as PostgreSQL prints it (pg_get_functiondef), naming the function. */
const HEADER = /^CREATE OR REPLACE FUNCTION public\.([a-z_][a-z0-9_]*)\(/;

/**
 * A file's statement, or pg_get_functiondef's: from CREATE on (a file's leading comment is not part of the
 * function), whitespace runs made one space, no final semicolon. So the comparison needs no SQL parser.
 */
export function normaliseFunction(text: string): string {
  const start = text.search(/^CREATE/m);
  const statement = start < 0 ? text : text.slice(start);
  return statement.replace(/;\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** Each file's text by its name without `.sql`. Throws when a file does not create the function it is named after. */
export function readFunctionFiles(dir = FUNCTIONS_DIR): Map<string, string> {
  const files = new Map<string, string>();
  for (const fileName of fs.readdirSync(dir).filter((name) => name.endsWith('.sql'))) {
    const name = fileName.slice(0, -'.sql'.length);
    const text = fs.readFileSync(path.join(dir, fileName), 'utf8');
    const created = HEADER.exec(normaliseFunction(text))?.[1];
    if (created !== name) {
      throw new Error(
        `${path.join(dir, fileName)} must hold one "CREATE OR REPLACE FUNCTION public.${name}(...)", as pg_get_functiondef prints it`,
      );
    }
    files.set(name, text);
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

export type DatabaseFunction = { name: string; identityArguments: string; definition: string };

/** The database's own functions in `public`, overloads included; an extension's (pg_trgm's) are not ours. */
export async function databaseFunctions(db: Database): Promise<DatabaseFunction[]> {
  return queryRows<DatabaseFunction>(
    db,
    sql`select p.proname as name,
               pg_get_function_identity_arguments(p.oid) as "identityArguments",
               pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        order by p.proname, 2`,
  );
}

/** The files whose function the database lacks, holds twice, or defines otherwise. */
export function differingFiles(files: Map<string, string>, functions: DatabaseFunction[]): string[] {
  return [...files].flatMap(([name, text]) => {
    const defined = functions.filter((f) => f.name === name);
    const same = defined.length === 1 && normaliseFunction(defined[0]?.definition ?? '') === normaliseFunction(text);
    return same ? [] : [name];
  });
}

/** The database's functions that have no file. */
export function functionsWithoutFile(files: Map<string, string>, functions: DatabaseFunction[]): string[] {
  return [...new Set(functions.map((f) => f.name))].filter((name) => !files.has(name));
}
