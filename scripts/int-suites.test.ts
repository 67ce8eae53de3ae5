import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The integration suites that replace a module: they would replace it for the other suites of their worker. */
function suitesThatMockModules(files: string[], read: (file: string) => string): string[] {
  return files.filter((file) => /\bvi\.(mock|doMock|unmock)\(/.test(read(file)));
}

describe('the integration suites, which share their worker’s modules (vitest.config.ts, isolate: false)', () => {
  it('never mock a module', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.int.test.ts'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    expect(suitesThatMockModules(files, (file) => fs.readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
  });

  it('name a suite that does', () => {
    const sources: Record<string, string> = {
      'a.int.test.ts': "vi.mock('./service', () => ({}));",
      'b.int.test.ts': 'vi.useFakeTimers();',
    };
    expect(suitesThatMockModules(Object.keys(sources), (file) => sources[file] ?? '')).toEqual(['a.int.test.ts']);
  });
});
