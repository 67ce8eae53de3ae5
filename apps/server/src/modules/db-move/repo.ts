// The SQL of `npm run db:move`: what a database holds (tables, keys, sequences, rows) and the copy of rows
// from one database into another. Every function works on PGlite and PostgreSQL alike.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A database or one of its transactions: anything that runs raw SQL. */
type Executor = Pick<Database, 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table outside PostgreSQL's own schemas, as `schema.table`: any of them makes a target non-empty. */
export async function allUserTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\_%'
        order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The app's tables: the base tables of schema public (drizzle's own bookkeeping lives in schema drizzle). */
export async function appTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Foreign keys between the app's tables: `table` references `referenced`. */
export async function foreignKeys(
  db: Executor,
): Promise<{ table: string; referenced: string; columns: string[]; isSelf: boolean }[]> {
  const rows = await rowsOf<{ table: string; referenced: string; columns: string[] }>(
    db,
    sql`select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as referenced,
          array(select a.attname::text from unnest(c.conkey) k join pg_attribute a
                on a.attrelid = c.conrelid and a.attnum = k) as columns
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const bare = (name: string) => name.replace(/^public\./, '').replaceAll('"', '');
  return rows.map((r) => ({
    table: bare(r.table),
    referenced: bare(r.referenced),
    columns: r.columns,
    isSelf: bare(r.table) === bare(r.referenced),
  }));
}

/** The columns a row can be written with: generated ones are left out, the database computes them. */
export async function writableColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** The primary key's columns, in key order (every app table has one). */
export async function primaryKeyColumns(db: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname::text as name
        from pg_index i join unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = ${`public.${quoted(table)}`}::regclass and i.indisprimary
        order by k.position`,
  );
  return rows.map((r) => r.name);
}

export async function rowCount(db: Executor, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(db, sql.raw(`select count(*) as n from public.${quoted(table)}`));
  return Number(row?.n ?? 0);
}

/**
 * A digest of a table's whole content: the md5 of its rows as JSON, sorted bytewise (so the two databases'
 * collations do not matter). Run it inside a transaction that set the time zone to UTC, so timestamps read alike.
 */
export async function contentDigest(db: Executor, table: string): Promise<string> {
  const [row] = await rowsOf<{ digest: string }>(
    db,
    sql.raw(`select md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as digest
             from (select row_to_json(t)::text as r from public.${quoted(table)} t) rows`),
  );
  return row?.digest ?? '';
}

export async function useUtc(tx: Executor): Promise<void> {
  await tx.execute(sql`set local timezone = 'UTC'`);
}

/** The app's sequences (the bigserial ids) and their last value; null when none was ever taken. */
export async function sequenceValues(db: Executor): Promise<{ name: string; lastValue: string | null }[]> {
  const rows = await rowsOf<{ name: string; last_value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value }));
}

/** Sets a sequence so the next id is the one after lastValue, as pg_dump does. */
export async function setSequenceValue(db: Executor, name: string, lastValue: string): Promise<void> {
  await db.execute(sql`select setval(${`public.${quoted(name)}`}::regclass, ${lastValue}::bigint, true)`);
}

/** Removes the rows a migration wrote (the platform's ledger accounts), so the copy brings the source's. */
export async function deleteAllRows(tx: Executor, table: string): Promise<void> {
  await tx.execute(sql.raw(`delete from public.${quoted(table)}`));
}

/**
 * Reads a table in order, `batchSize` rows at a time, each row as PostgreSQL's own JSON text (exact for
 * bigints, timestamps and bytes), through a cursor in one read-only transaction. `groupColumn` keeps rows
 * with the same value in one batch: a ledger transfer's entries must be inserted by one statement, since the
 * database checks per statement that they sum to zero.
 */
export async function readInBatches(
  db: Database,
  options: { table: string; orderBy: string[]; where?: string; groupColumn?: string; batchSize: number },
  onBatch: (rowsJson: string[]) => Promise<void>,
): Promise<void> {
  const { table, batchSize } = options;
  const group = options.groupColumn ? `t.${quoted(options.groupColumn)}::text` : 'null';
  const orderBy = options.orderBy.map((c) => `t.${quoted(c)}`).join(', ');
  const where = options.where ? `where ${options.where}` : '';
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(
      sql.raw(`declare move_rows no scroll cursor for
               select row_to_json(t)::text as row, ${group} as grp from public.${quoted(table)} t ${where}
               order by ${orderBy}`),
    );
    let pending: { row: string; grp: string | null }[] = [];
    for (;;) {
      const fetched = await rowsOf<{ row: string; grp: string | null }>(
        tx,
        sql.raw(`fetch ${batchSize} from move_rows`),
      );
      pending.push(...fetched);
      const isLast = fetched.length < batchSize;
      if (isLast) {
        if (pending.length) await onBatch(pending.map((p) => p.row));
        break;
      }
      // Hold back the rows of the last group, which may go on in the next fetch.
      const lastGroup = pending.at(-1)?.grp ?? null;
      const cut = lastGroup === null ? pending.length : pending.findIndex((p) => p.grp === lastGroup);
      if (cut > 0) {
        await onBatch(pending.slice(0, cut).map((p) => p.row));
        pending = pending.slice(cut);
      }
    }
    await tx.execute(sql`close move_rows`);
  });
}

/** Inserts rows given as JSON objects (readInBatches' form), in one statement. */
export async function insertRows(tx: Executor, table: string, columns: string[], rowsJson: string[]): Promise<void> {
  const list = columns.map(quoted).join(', ');
  await tx.execute(
    sql`${sql.raw(`insert into public.${quoted(table)} (${list}) select ${list} from json_populate_recordset(null::public.${quoted(table)}, `)}${`[${rowsJson.join(',')}]`}::json)`,
  );
}

/** Turns a trigger off or on again; inside a transaction, undone with it if it rolls back. */
export async function setTriggerEnabled(tx: Executor, table: string, trigger: string, isEnabled: boolean) {
  const action = isEnabled ? 'enable' : 'disable';
  await tx.execute(sql.raw(`alter table public.${quoted(table)} ${action} trigger ${quoted(trigger)}`));
}

/** Sets columns of rows already copied (a table's references to itself), matching rows by primary key. */
export async function updateColumns(
  tx: Executor,
  table: string,
  keyColumns: string[],
  columns: string[],
  rowsJson: string[],
): Promise<void> {
  const assignments = columns.map((c) => `${quoted(c)} = s.${quoted(c)}`).join(', ');
  const match = keyColumns.map((c) => `t.${quoted(c)} = s.${quoted(c)}`).join(' and ');
  await tx.execute(
    sql`${sql.raw(`update public.${quoted(table)} t set ${assignments} from json_populate_recordset(null::public.${quoted(table)}, `)}${`[${rowsJson.join(',')}]`}::json) s where ${sql.raw(match)}`,
  );
}
