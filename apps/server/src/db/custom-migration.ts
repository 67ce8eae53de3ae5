import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type JournalEntry = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
export type Journal = { version: string; dialect: string; entries: JournalEntry[] };

export function readJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

/** drizzle-kit's `timestamp` prefix (drizzle.config.ts): the UTC time as YYYYMMDDHHmmss. */
export function timestampPrefix(when: number): string {
  return new Date(when).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/**
 * Writes a custom migration as `drizzle-kit generate --custom --name <name>` does: `<prefix>_<name>.sql`, a
 * snapshot that copies the last one under a new id (a custom migration changes no table drizzle knows), and
 * the journal's entry. Its time is at least a second after the last entry's: the migrator applies only
 * entries newer than the last one a database applied, so a clock running behind would have it skipped
 * silently; and a second apart keeps the prefixes, which name the snapshots, apart. Answers the tag and
 * the files written, relative to the folder.
 */
export function writeCustomMigration(
  folder: string,
  name: string,
  text: string,
  now = Date.now(),
): { tag: string; files: string[] } {
  const journal = readJournal(folder);
  const last = journal.entries.at(-1);
  let when = Math.max(now, (last?.when ?? 0) + 1000);
  while (fs.existsSync(path.join(folder, 'meta', `${timestampPrefix(when)}_snapshot.json`))) when += 1000;
  const prefix = timestampPrefix(when);
  const tag = `${prefix}_${name}`;

  const snapshots = fs
    .readdirSync(path.join(folder, 'meta'))
    .filter((file) => file.endsWith('_snapshot.json'))
    .sort();
  const lastSnapshot = snapshots.at(-1);
  if (lastSnapshot === undefined) throw new Error(`No snapshot in ${folder}/meta: generate the schema's first`);
  const previous = JSON.parse(fs.readFileSync(path.join(folder, 'meta', lastSnapshot), 'utf8')) as { id: string };
  const snapshot = {
    ...previous,
    id: randomUUID(),
    prevId: previous.id,
    _meta: { columns: {}, schemas: {}, tables: {} },
  };
  fs.writeFileSync(path.join(folder, 'meta', `${prefix}_snapshot.json`), JSON.stringify(snapshot, null, 2));

  journal.entries.push({ idx: (last?.idx ?? -1) + 1, version: journal.version, when, tag, breakpoints: true });
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(folder, `${tag}.sql`), text);
  return { tag, files: [`${tag}.sql`, `meta/${prefix}_snapshot.json`, 'meta/_journal.json'] };
}
