import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The dependency boundaries of architecture.md live in biome.json. These tests lint small offending files
// placed where the rules apply, so a change to the config that lets a boundary slip fails here.
const root = path.resolve(import.meta.dirname, '..');

/** Lints `source` as if it were the file at `filePath` (written there briefly, then removed). */
function lint(filePath: string, source: string) {
  const probe = filePath.replace(/(\.tsx?)$/, `-${process.pid}$1`);
  fs.writeFileSync(path.join(root, probe), source);
  try {
    const result = spawnSync('npx', ['biome', 'lint', probe], { cwd: root, encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  } finally {
    fs.rmSync(path.join(root, probe), { force: true });
  }
}

// Each case starts Biome; on a loaded two-core machine that can take seconds.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it('keep Node and the DOM out of packages/shared', () => {
    expect(lint('packages/shared/src/probe.ts', "import fs from 'node:fs';\nexport const f = fs;\n")).toContain(
      'no Node APIs',
    );
    expect(lint('packages/shared/src/probe.ts', 'export const w = window.location;\n')).toContain(
      'noRestrictedGlobals',
    );
  });

  it('keep the server out of the web app', () => {
    const out = lint(
      'apps/web/src/lib/probe.ts',
      "import { createApp } from '../../../server/src/app';\nexport const a = createApp;\n",
    );
    expect(out).toContain('The web app never imports the server.');
  });

  it('keep the web app out of the server', () => {
    const out = lint(
      'apps/server/src/probe.ts',
      "import { routes } from '../../web/src/app/routes';\nexport const r = routes;\n",
    );
    expect(out).toContain('The server never imports the web app.');
  });

  it('keep the apps out of the card sandbox', () => {
    const byName = lint(
      'packages/card-sandbox/src/probe.ts',
      "import { createApp } from '@sweetwish/server/app';\nexport const a = createApp;\n",
    );
    expect(byName).toContain('packages/card-sandbox stands alone');
    const byPath = lint(
      'packages/card-sandbox/src/probe.ts',
      "import { routes } from '../../../apps/web/src/app/routes';\nexport const r = routes;\n",
    );
    expect(byPath).toContain('packages/card-sandbox stands alone');
  });

  it('keep the card sandbox out of the web app', () => {
    const out = lint(
      'apps/web/src/lib/probe.ts',
      "import { createCardSandbox } from '@sweetwish/card-sandbox/card-sandbox';\nexport const c = createCardSandbox;\n",
    );
    expect(out).toContain('The web app never imports the card sandbox');
    const inFeature = lint(
      'apps/web/src/features/legal/routes/probe.tsx',
      "import { createCardSandbox } from '@sweetwish/card-sandbox/card-sandbox';\nexport const c = createCardSandbox;\n",
    );
    expect(inFeature).toContain('The web app never imports the card sandbox');
  });

  it('keep features from importing each other', () => {
    const out = lint(
      'apps/web/src/features/legal/routes/probe.tsx',
      "import { LandingPage } from '../../marketing/routes/landing';\nexport const l = LandingPage;\n",
    );
    expect(out).toContain('Features do not import each other');
  });

  it('let a feature import shared components', () => {
    const out = lint(
      'apps/web/src/features/legal/routes/probe.tsx',
      "import { TopBar } from '../../../components/top-bar';\nexport const t = TopBar;\n",
    );
    expect(out).not.toContain('noRestrictedImports');
  });

  it('refuse import cycles', () => {
    const dir = fs.mkdtempSync(path.join(root, 'apps/server/src/lint-probe-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const result = spawnSync('npx', ['biome', 'lint', path.relative(root, dir)], { cwd: root, encoding: 'utf8' });
      expect(`${result.stdout}${result.stderr}`).toContain('noImportCycles');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
