import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, undeclaredImports } from './check-imports.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A repository of one workspace, apps/api, with the files given. */
function repository(apiPackage: Record<string, unknown>, files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write('package.json', JSON.stringify({ name: 'repo', workspaces: ['apps/api'], devDependencies: { vitest: '*' } }));
  write('apps/api/package.json', JSON.stringify({ name: '@repo/api', ...apiPackage }));
  for (const [file, text] of Object.entries(files)) write(`apps/api/${file}`, text);
  return dir;
}

describe('the check that every workspace declares its imports', () => {
  it('passes on this repository', () => {
    expect(undeclaredImports(root)).toEqual([]);
  });

  it('fails on a package the workspace does not declare, and names the file and the package.json', () => {
    const dir = repository(
      { dependencies: { hono: '*' } },
      { 'src/app.ts': "import { Hono } from 'hono';\nimport { z } from 'zod';\nexport const app = new Hono();\n" },
    );
    expect(undeclaredImports(dir)).toEqual([
      'apps/api/src/app.ts imports zod, which apps/api/package.json does not declare',
    ]);
  });

  it('fails on production code that imports a dev dependency, which an install without them would lack', () => {
    const dir = repository(
      { dependencies: {}, devDependencies: { tsx: '*' } },
      {
        'src/main.ts': "import 'tsx';\n",
        'src/main.test.ts': "import 'tsx';\nimport { it } from 'vitest';\n",
      },
    );
    expect(undeclaredImports(dir)).toEqual([
      'apps/api/src/main.ts runs in production and imports tsx, which apps/api/package.json lists only under devDependencies',
    ]);
  });

  it('reads static, side-effect, type-only and dynamic imports, and nothing quoted in a string or a comment', () => {
    const text = [
      "import type { A } from '@scope/types/sub';",
      "import {\n  b,\n  c,\n} from 'multi-line';",
      "export * from 're-exported';",
      "import 'side-effect';",
      // Split, so the check reading this very file does not take it for an import of its own.
      'const lazy = () => imp' + "ort('lazy/path');",
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import local from './local';",
      '// an old note: from "commented"',
      'const probe = "import { x } from \'quoted\';";',
    ].join('\n');
    expect([...importedPackages(text)].sort()).toEqual([
      '@scope/types',
      'lazy',
      'multi-line',
      're-exported',
      'side-effect',
    ]);
  });
});
