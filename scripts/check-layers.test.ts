import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importProblem, layerProblems, MODULE_TIERS, SERVER_SRC } from './check-layers.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('the server layers', () => {
  it('refuse an import that runs back up, and pass the ones that run down', () => {
    // Up a layer: a module calling a use case, the kernel a module, config the HTTP kernel.
    expect(importProblem('modules/accounts/service.ts', 'use-cases/delete-account.ts')).toMatch(/runs up/);
    expect(importProblem('http/session.ts', 'modules/accounts/auth.ts')).toMatch(/runs up/);
    expect(importProblem('config.ts', 'http/trust-proxy.ts')).toMatch(/runs up/);
    expect(importProblem('use-cases/delete-account.ts', 'app.ts')).toMatch(/runs up/);
    // Up or across the module tiers: two modules never import each other.
    expect(importProblem('modules/accounts/service.ts', 'modules/profiles/service.ts')).toMatch(/runs up/);
    expect(importProblem('modules/gifts/service.ts', 'modules/wallet/service.ts')).toMatch(/runs up/);
    expect(importProblem('modules/wishes/routes.ts', 'modules/webhooks/service.ts')).toMatch(/same tier/);
    // Another module's repo or tables, even below.
    expect(importProblem('modules/checkout/clawback.ts', 'modules/ledger/postings.ts')).toBeUndefined();
    expect(importProblem('modules/checkout/clawback.ts', 'modules/gifts/repo.ts')).toMatch(/repo\.ts/);
    expect(importProblem('modules/profiles/service.ts', 'modules/accounts/tables.ts')).toMatch(/tables\.ts/);
    // Down: allowed, as are foreign keys between tables and the schema's list of every table.
    expect(importProblem('modules/gifts/service.ts', 'modules/ledger/service.ts')).toBeUndefined();
    expect(importProblem('use-cases/delete-account.ts', 'modules/wallet/service.ts')).toBeUndefined();
    expect(importProblem('app.ts', 'use-cases/delete-account.ts')).toBeUndefined();
    expect(importProblem('modules/gifts/tables.ts', 'modules/ledger/tables.ts')).toBeUndefined();
    expect(importProblem('db/schema.ts', 'modules/gifts/tables.ts')).toBeUndefined();
  });

  it('are drawn in docs/architecture.md with the tiers the lint checks', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const drawing = doc.slice(doc.indexOf('```\ncomposition'), doc.indexOf('\nkernel '));
    const drawn: string[][] = [];
    for (const match of drawing.replace(/\([^)]*\)/g, '').matchAll(/(\d) {2}([a-z-]+(?:, [a-z-]+)*)/g)) {
      drawn[Number(match[1])] = (match[2] ?? '').split(', ');
    }
    expect(drawn.map((tier) => [...tier].sort())).toEqual(MODULE_TIERS.map((tier) => [...tier].sort()));
  });

  it('name a module that has no tier', () => {
    expect(importProblem('modules/new-thing/service.ts', 'modules/accounts/service.ts')).toMatch(/no tier/);
  });

  describe('on the real tree', { timeout: 30_000 }, () => {
    const probes: string[] = [];
    afterEach(() => {
      for (const file of probes.splice(0)) fs.rmSync(path.join(ROOT, file), { force: true });
    });

    it('finds no import that runs back up', () => {
      expect(layerProblems(ROOT)).toEqual([]);
    });

    it('fails the lint on a module that imports a use case, and prints the count', () => {
      const probe = path.posix.join(SERVER_SRC, 'modules/accounts', `layer-probe-${randomUUID()}.ts`);
      fs.writeFileSync(
        path.join(ROOT, probe),
        "import { deleteAccount } from '../../use-cases/delete-account';\nexport const probe = deleteAccount;\n",
      );
      probes.push(probe);
      const run = spawnSync(process.execPath, ['scripts/check-layers.mjs'], { cwd: ROOT, encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`${probe} imports use-cases/delete-account.ts: runs up from modules to use-cases`);
      expect(run.stdout).toContain('layers: 1 server imports run back up the layers');
    });
  });
});
