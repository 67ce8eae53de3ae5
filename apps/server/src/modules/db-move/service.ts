// `npm run db:move`: copies the embedded database's rows into an empty PostgreSQL database that the app's own
// migrations have just built, then checks the copy (decision 021).
import type { Database } from '../../db/client';
import {
  allUserTables,
  appTables,
  contentDigest,
  deleteAllRows,
  foreignKeys,
  insertRows,
  primaryKeyColumns,
  readInBatches,
  rowCount,
  sequenceValues,
  setSequenceValue,
  setTriggerEnabled,
  updateColumns,
  useUtc,
  writableColumns,
} from './repo';

const BATCH_SIZE = 500;

/** Columns whose rows must stay together in one insert (the ledger checks each statement's entries sum to zero). */
const GROUP_COLUMN: Readonly<Record<string, string>> = { ledger_entries: 'transfer_id' };
/**
 * Triggers that derive what the copy brings anyway: rows of another table (a user's search trigrams and
 * words, decisions 022 and 036; a notification's job, decision 023; a gift's or message's webhook event,
 * decision 032; a gift's insight roll-ups, decision 121) and a purchase's number among its recipient's
 * (decision 031), which the copy carries as it was. The source
 * already holds all of it, so they are off while its rows are copied (they would write it a second time,
 * under new ids or numbers), and on again before the copy commits.
 */
const DERIVING_TRIGGERS = [
  { table: 'users', trigger: 'users_search_trigrams_insert' },
  { table: 'users', trigger: 'users_search_trigrams_update' },
  { table: 'users', trigger: 'users_search_trigrams_delete' },
  { table: 'users', trigger: 'users_search_words' },
  { table: 'notifications', trigger: 'notifications_queue_job' },
  { table: 'purchases', trigger: 'purchases_webhook_event' },
  { table: 'messages', trigger: 'messages_webhook_event' },
  { table: 'purchases', trigger: 'purchases_number_per_seller' },
  { table: 'purchases', trigger: 'insights_count_purchase' },
] as const;

export class MoveRefused extends Error {}

/** Refuses a target that holds any table: the copy never merges into, or overwrites, existing data. */
export async function assertEmptyTarget(target: Database): Promise<void> {
  const tables = await allUserTables(target);
  if (tables.length === 0) return;
  const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, and ${tables.length - 5} more` : '');
  throw new MoveRefused(
    `The target database is not empty (${tables.length} tables: ${shown}). db:move copies into an empty database only: create a new one (createdb) and name it instead.`,
  );
}

/** The tables in an order where every table comes after the tables it references (self-references aside). */
export function dependencyOrder(tables: string[], keys: { table: string; referenced: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`Foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const key of keys) if (key.table === table && key.referenced !== table) visit(key.referenced);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

export type TableCopy = { table: string; rows: number };

/**
 * Copies every row of the source's app tables into the target, in one transaction on the target: either all
 * of it lands or none. Both databases must be migrated to the same schema.
 */
export async function copyRows(source: Database, target: Database, batchSize = BATCH_SIZE): Promise<TableCopy[]> {
  const [sourceTables, targetTables] = await Promise.all([appTables(source), appTables(target)]);
  if (sourceTables.join() !== targetTables.join()) {
    throw new Error(`The two databases have different tables: ${sourceTables.join()} / ${targetTables.join()}`);
  }
  const keys = await foreignKeys(target);
  const order = dependencyOrder(targetTables, keys);
  const sequences = await sequenceValues(source);

  return target.transaction(async (tx) => {
    // Rows the migrations wrote (the platform's accounts) give way to the source's, children first.
    for (const table of [...order].reverse()) if ((await rowCount(tx, table)) > 0) await deleteAllRows(tx, table);
    for (const { table, trigger } of DERIVING_TRIGGERS) await setTriggerEnabled(tx, table, trigger, false);

    const copies: TableCopy[] = [];
    for (const table of order) {
      const selfColumns = keys.filter((k) => k.isSelf && k.table === table).flatMap((k) => k.columns);
      const columns = (await writableColumns(tx, table)).filter((c) => !selfColumns.includes(c));
      const keyColumns = await primaryKeyColumns(tx, table);
      const group = GROUP_COLUMN[table];
      let rows = 0;
      await readInBatches(
        source,
        { table, orderBy: group ? [group, ...keyColumns] : keyColumns, groupColumn: group, batchSize },
        async (batch) => {
          await insertRows(tx, table, columns, batch);
          rows += batch.length;
        },
      );
      // A row may reference one copied after it (a user's affiliate): those references are set once all are in.
      if (selfColumns.length) {
        const where = selfColumns.map((c) => `t."${c}" is not null`).join(' or ');
        await readInBatches(source, { table, orderBy: keyColumns, where, batchSize }, (batch) =>
          updateColumns(tx, table, keyColumns, selfColumns, batch),
        );
      }
      copies.push({ table, rows });
    }
    for (const sequence of sequences) {
      if (sequence.lastValue !== null) await setSequenceValue(tx, sequence.name, sequence.lastValue);
    }
    for (const { table, trigger } of DERIVING_TRIGGERS) await setTriggerEnabled(tx, table, trigger, true);
    return copies;
  });
}

export type TableComparison = {
  table: string;
  sourceRows: number;
  targetRows: number;
  isSameContent: boolean;
};

/** Row counts and a digest of every row, table by table, on both sides. */
export async function compareTables(source: Database, target: Database): Promise<TableComparison[]> {
  const measure = (db: Database) =>
    db.transaction(async (tx) => {
      await useUtc(tx);
      const tables = await appTables(tx);
      const result = new Map<string, { rows: number; digest: string }>();
      for (const table of tables) {
        result.set(table, { rows: await rowCount(tx, table), digest: await contentDigest(tx, table) });
      }
      return result;
    });
  const [before, after] = [await measure(source), await measure(target)];
  const tables = [...new Set([...before.keys(), ...after.keys()])].sort();
  return tables.map((table) => ({
    table,
    sourceRows: before.get(table)?.rows ?? -1,
    targetRows: after.get(table)?.rows ?? -1,
    isSameContent: before.get(table)?.digest === after.get(table)?.digest,
  }));
}

/** The ids the sequences hand out next on each side must match, so new rows never collide with copied ones. */
export async function compareSequences(source: Database, target: Database): Promise<string[]> {
  const [before, after] = await Promise.all([sequenceValues(source), sequenceValues(target)]);
  const afterByName = new Map(after.map((s) => [s.name, s.lastValue]));
  return before
    .filter((s) => afterByName.get(s.name) !== s.lastValue)
    .map(
      (s) =>
        `sequence ${s.name}: ${s.lastValue ?? 'unused'} in the source, ${afterByName.get(s.name) ?? 'unused'} in the target`,
    );
}
