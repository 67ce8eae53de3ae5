import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
    // Inside apps/server, as dist is: the bundle's commands then find the packages they import when they run.
    dir = path.join(fs.mkdtempSync(path.join(root, 'apps/server/.bundle-test-')), 'dist');
    execFileSync(process.execPath, ['build.mjs', dir], { cwd: path.join(root, 'apps/server') });
  }, 120_000);
  afterAll(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

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

  /** Runs a command of the bundle (node dist/<file>) with exactly `env`; its exit status and output. */
  const command = (file: string, args: string[], env: Record<string, string>) => {
    const result = spawnSync(process.execPath, [path.join(dir, file), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    });
    return { status: result.status, output: result.stdout + result.stderr };
  };

  it('runs db:move with DATABASE_URL exported and no AUTH_SECRET: the target is its argument, the source DATA_DIR', () => {
    // An operator who has just exported the new database's address (docs/deploy.md section 8) is not refused
    // for a signing secret the move does not use; here it goes on to say the data folder holds no database.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-bundle-data-'));
    const moved = command('db-move.js', ['postgres://sweetwish@127.0.0.1:1/sweetwish'], {
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://sweetwish@127.0.0.1:1/sweetwish',
    });
    expect(moved.output).toContain(`refused: there is no embedded database at ${path.join(dataDir, 'db')}`);
    expect(moved.status).toBe(1);
  });

  it('exits 2 from reconcile when it cannot check, not 1 as for unbalanced books', () => {
    const reconciled = command('reconcile.js', [], { DATABASE_URL: 'mysql://db.example/sweetwish' });
    expect(reconciled.output).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(reconciled.status).toBe(2);
  });
});
