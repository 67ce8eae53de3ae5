import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions: each record opens with its date and status, the records a status names say the same of
// each other, and the README lists them all (docs/decisions/README.md, "Format").

const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const NUMBERS = String.raw`\d{3}(?:(?:, \d{3})* and \d{3})?`;
const NOTE = String.raw`(?: \([^)]*\))?`;
const STATUS = new RegExp(
  `^(?:accepted|(?:amended|superseded) by ${NUMBERS})${NOTE}(?:; (?:amends|supersedes) ${NUMBERS}${NOTE})*$`,
);

type DecisionRecord = { file: string; number: string; title: string; date: string; status: string };

function records(): DecisionRecord[] {
  const files = fs.readdirSync(DIR).filter((file) => /^\d{3}-.+\.md$/.test(file));
  return files.sort().map((file) => {
    const [heading = '', , date = '', status = ''] = fs.readFileSync(path.join(DIR, file), 'utf8').split('\n');
    const [, number = '', title = ''] = /^# (\d{3}): (.+)$/.exec(heading) ?? [];
    return { file, number, title, date: date.replace('- Date: ', ''), status: status.replace('- Status: ', '') };
  });
}

/** The records a status names after `words` ("amended by", "amends"), without their notes. */
function named(status: string, words: string): string[] {
  const clause = status.split('; ').find((part) => part.startsWith(words));
  return clause?.replace(/ \(.*\)/, '').match(/\d{3}/g) ?? [];
}

describe('decision records', () => {
  const all = records();

  it.each(all)('$file opens with its number, title, date and status', (record) => {
    expect(record.number).toBe(record.file.slice(0, 3));
    expect(record.title).not.toBe('');
    expect(record.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.status).toMatch(STATUS);
  });

  it('name each other both ways: "amended by N" in one, "amends" it in N', () => {
    const byNumber = new Map(all.map((record) => [record.number, record]));
    for (const record of all) {
      for (const [mine, theirs] of [
        ['amended by', 'amends'],
        ['superseded by', 'supersedes'],
        ['amends', 'amended by'],
        ['supersedes', 'superseded by'],
      ] as const) {
        for (const other of named(record.status, mine)) {
          const status = byNumber.get(other)?.status ?? `no record ${other}`;
          expect(named(status, theirs), `${record.file} says "${mine} ${other}"`).toContain(record.number);
        }
      }
    }
  });

  it('are listed in the README, each with its title and status', () => {
    const readme = fs.readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const listed = readme.split('\n').filter((line) => /^- \d{3} \[/.test(line));
    expect(listed).toEqual(all.map((r) => `- ${r.number} [${r.title}](${r.file}): ${r.status}`));
  });
});
