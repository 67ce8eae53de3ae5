import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
/** Texts only the card sandbox has (its webhook queue and its hosted pages). */
const SANDBOX_TEXTS = ['Card sandbox: webhook delivery stopped', 'The test payment succeeded. No money moved.'];

/** The files a bundle file loads before it runs: its static imports of sibling chunks, and theirs. */
function staticClosure(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  for (const match of text.matchAll(/^(?:import|export)\s[^;]*?\bfrom\s*"\.\/([^"]+)"|^import\s*"\.\/([^"]+)"/gm)) {
    staticClosure(dir, (match[1] ?? match[2]) as string, seen);
  }
  return seen;
}

describe('the production server bundle (apps/server/build.mjs)', () => {
  let dir: string;
  beforeAll(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-')), 'dist');
    execFileSync(process.execPath, ['build.mjs', dir], { cwd: path.join(root, 'apps/server') });
  }, 120_000);

  it('imports no file of drizzle-orm or better-auth at start (compiled in: a start took a second longer)', () => {
    const imports = [...staticClosure(dir, 'main.js')].flatMap((file) => [
      ...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^(?:import|export)\s[^;]*?\bfrom\s*"([^."][^"]*)"/gm),
    ]);
    const packages = imports.map((match) => match[1] as string);
    expect(packages).toContain('pg'); // the check reads the bundle's imports of npm packages
    expect(packages.filter((name) => /^(drizzle-orm|better-auth|@better-auth\/)/.test(name))).toEqual([]);
  });

  it('keeps the card sandbox in a chunk of its own', () => {
    const chunks = fs.readdirSync(dir).filter((file) => /^card-sandbox-\w+\.js$/.test(file));
    expect(chunks).toHaveLength(1);
    const sandbox = fs.readFileSync(path.join(dir, chunks[0] as string), 'utf8');
    for (const text of SANDBOX_TEXTS) expect(sandbox).toContain(text);
  });

  it('loads none of the sandbox with main.js, and reaches it only through one dynamic import()', () => {
    const loaded = [...staticClosure(dir, 'main.js')];
    expect(loaded.some((file) => file.startsWith('card-sandbox-'))).toBe(false);
    const texts = loaded.map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const text of SANDBOX_TEXTS) expect(texts.some((t) => t.includes(text))).toBe(false);
    const references = texts.flatMap((text) => [...text.matchAll(/^.*card-sandbox-\w+\.js.*$/gm)].map((m) => m[0]));
    expect(references).toHaveLength(1);
    expect(references[0]).toMatch(/await import\("\.\/card-sandbox-\w+\.js"\)/);
  });
});
