import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { readJournal, timestampPrefix, writeCustomMigration } from './custom-migration';

type Snapshot = { id: string; prevId: string; _meta: unknown; tables: unknown };

function snapshotsOf(folder: string): Snapshot[] {
  const files = fs.readdirSync(path.join(folder, 'meta')).filter((file) => file.endsWith('_snapshot.json'));
  return files.sort().map((file) => JSON.parse(fs.readFileSync(path.join(folder, 'meta', file), 'utf8')) as Snapshot);
}

const copies: string[] = [];
afterEach(() => {
  for (const folder of copies.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function copyOfMigrations(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-custom-migration-'));
  copies.push(folder);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  return folder;
}

describe('the committed migrations', () => {
  // The migrator applies an entry only when its time is after the last one a database applied: an entry
  // out of order would be skipped without a word on every database that is already up to date.
  it('are journalled in order of time, each with its file and a snapshot chained to the one before', () => {
    const { entries } = readJournal(MIGRATIONS_DIR);
    expect(entries.map((entry) => entry.idx)).toEqual(entries.map((_, index) => index));
    for (const [index, entry] of entries.entries()) {
      if (index > 0) expect(entry.when).toBeGreaterThan(entries[index - 1]?.when ?? 0);
      expect(fs.existsSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`)), entry.tag).toBe(true);
    }
    const snapshots = snapshotsOf(MIGRATIONS_DIR);
    expect(snapshots).toHaveLength(entries.length);
    for (const [index, snapshot] of snapshots.entries()) {
      if (index > 0) expect(snapshot.prevId).toBe(snapshots[index - 1]?.id);
    }
  });
});

describe('writeCustomMigration', () => {
  it('writes the file, a snapshot copying the last one, and the journal entry, as drizzle-kit --custom does', () => {
    const folder = copyOfMigrations();
    const before = readJournal(folder);
    const last = before.entries.at(-1);
    const now = (last?.when ?? 0) + 60_000;

    const { tag, files } = writeCustomMigration(folder, 'function_post_gifts', 'CREATE ...;\n', now);

    expect(tag).toBe(`${timestampPrefix(now)}_function_post_gifts`);
    expect(files).toEqual([`${tag}.sql`, `meta/${timestampPrefix(now)}_snapshot.json`, 'meta/_journal.json']);
    expect(fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8')).toBe('CREATE ...;\n');
    expect(readJournal(folder).entries).toEqual([
      ...before.entries,
      { idx: (last?.idx ?? 0) + 1, version: '7', when: now, tag, breakpoints: true },
    ]);
    const [previous, written] = snapshotsOf(folder).slice(-2);
    expect(written?.prevId).toBe(previous?.id);
    expect(written?.id).not.toBe(previous?.id);
    expect({ ...written, id: '', prevId: '' }).toEqual({ ...previous, id: '', prevId: '' });
  });

  it('comes after the last entry when the clock is behind, and each write a second after the one before', () => {
    const folder = copyOfMigrations();
    const lastWhen = readJournal(folder).entries.at(-1)?.when ?? 0;

    writeCustomMigration(folder, 'function_a', 'A', lastWhen - 86_400_000);
    writeCustomMigration(folder, 'function_b', 'B', lastWhen - 86_400_000);

    const [a, b] = readJournal(folder).entries.slice(-2);
    expect(a?.when).toBe(lastWhen + 1000);
    expect(b?.when).toBe(lastWhen + 2000);
    expect(a?.tag.slice(0, 14)).not.toBe(b?.tag.slice(0, 14));
    expect(snapshotsOf(folder)).toHaveLength(readJournal(folder).entries.length);
  });
});
