import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The server's boundaries (decision 024) are Biome rules in biome.json. Each case writes a file that keeps or
// breaks a rule at a real place in the tree (the rules match on paths), lints it, and removes it.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_SRC = 'apps/server/src';
const TABLES_MESSAGE = 'A module reads and writes only its own tables';
const ADAPTER_MESSAGE = 'An adapter never imports a module';
const CONTRACT_MESSAGE = 'A contract imports no database, service or adapter';

type Diagnostic = { message: string; category: string; location: { path: string } };

function lintImports(paths: string[]): Diagnostic[] {
  const biome = path.join(ROOT, 'node_modules/.bin/biome');
  const args = ['lint', '--only=style/noRestrictedImports', '--reporter=json', ...paths];
  const run = spawnSync(biome, args, { cwd: ROOT, encoding: 'utf8' });
  const report = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  return report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports');
}

const written: string[] = [];
afterAll(() => {
  for (const file of written) fs.rmSync(path.join(ROOT, file), { force: true });
});

/** A throw-away source file at `dir` (relative to apps/server/src) that imports `imports`. */
function probe(dir: string, imports: string[], suffix = ''): string {
  const file = path.posix.join(SERVER_SRC, dir, `boundary-probe-${randomUUID()}${suffix}.ts`);
  const lines = imports.map((from, i) => `import * as imported${i} from '${from}';`);
  lines.push(`export const all = [${imports.map((_, i) => `imported${i}`).join(', ')}];`);
  fs.writeFileSync(path.join(ROOT, file), `${lines.join('\n')}\n`);
  written.push(file);
  return file;
}

function messagesFor(diagnostics: Diagnostic[], file: string) {
  return diagnostics.filter((d) => d.location.path === file).map((d) => d.message);
}

// Each case starts Biome, which takes a few seconds on a busy machine.
describe('server boundaries', { timeout: 30_000 }, () => {
  it('fail on a module importing another module’s tables, and pass its own tables and the people projection', () => {
    const conversationsRepo = probe('modules/conversations', ['../accounts/tables']);
    const giftsRepo = probe('modules/gifts', ['../ledger/tables']);
    const fansRepo = probe('modules/fans', ['./tables', '../accounts/people', '../settings/service']);
    const profilesRepo = probe('modules/profiles', ['../accounts/tables']);
    const profilesElsewhere = probe('modules/profiles', ['../gifts/tables']);
    const diagnostics = lintImports([conversationsRepo, giftsRepo, fansRepo, profilesRepo, profilesElsewhere]);

    expect(messagesFor(diagnostics, conversationsRepo)).toEqual([expect.stringContaining(TABLES_MESSAGE)]);
    expect(messagesFor(diagnostics, giftsRepo)).toEqual([expect.stringContaining(TABLES_MESSAGE)]);
    expect(messagesFor(diagnostics, fansRepo)).toEqual([]);
    // Profiles read the user row through accounts/profile-rows.ts, like any other module (decision 071).
    expect(messagesFor(diagnostics, profilesRepo)).toEqual([expect.stringContaining(TABLES_MESSAGE)]);
    expect(messagesFor(diagnostics, profilesElsewhere)).toEqual([expect.stringContaining(TABLES_MESSAGE)]);
  });

  it('fail on an adapter importing a module, and pass an adapter importing adapters', () => {
    const smsAdapter = probe('adapters/sms', ['../../modules/outbox/routes']);
    const emailAdapter = probe('adapters/email', ['../../modules/accounts/service']);
    const outboxAdapter = probe('adapters/email', ['../outbox/outbox-store', '../../db/client']);
    const diagnostics = lintImports([smsAdapter, emailAdapter, outboxAdapter]);

    expect(messagesFor(diagnostics, smsAdapter)).toEqual([expect.stringContaining(ADAPTER_MESSAGE)]);
    expect(messagesFor(diagnostics, emailAdapter)).toEqual([expect.stringContaining(ADAPTER_MESSAGE)]);
    expect(messagesFor(diagnostics, outboxAdapter)).toEqual([]);
  });

  it('fail on a contract importing a database, service or adapter, and pass zod, shared and http helpers', () => {
    const withDb = probe('modules/wishes', ['../../db/client'], '-contract');
    const withService = probe('modules/wishes', ['./service'], '-contract');
    const withAdapter = probe('modules/media', ['../../adapters/storage/object-storage'], '-contract');
    const pure = probe(
      'modules/wishes',
      ['@hono/zod-openapi', '@sweetwish/shared/wishes', '../../http/api-contract', '../../http/openapi-responses'],
      '-contract',
    );
    const diagnostics = lintImports([withDb, withService, withAdapter, pure]);

    for (const file of [withDb, withService, withAdapter]) {
      expect(messagesFor(diagnostics, file)).toEqual([expect.stringContaining(CONTRACT_MESSAGE)]);
    }
    expect(messagesFor(diagnostics, pure)).toEqual([]);
  });

  it('keep the server’s other import rule where the boundary rules apply', () => {
    const module = probe('modules/conversations', ['react']);
    const adapter = probe('adapters/sms', ['@mui/material']);
    const diagnostics = lintImports([module, adapter]);

    expect(messagesFor(diagnostics, module)).toEqual(['The server never imports the web app.']);
    expect(messagesFor(diagnostics, adapter)).toEqual(['The server never imports the web app.']);
  });

  it('pass on the real tree', () => {
    const probes = new Set(written);
    const diagnostics = lintImports([SERVER_SRC]).filter((d) => !probes.has(d.location.path));
    expect(diagnostics).toEqual([]);
  });
});
