import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layerOf, upwardImports, upwardImportsIn } from './scripts/layer-imports';

// The lint behind `npm run lint` that keeps the web app's layers one way (decision 080).
describe('web layer imports', () => {
  it('places each file in its layer; main.tsx and entry-server.tsx are the app, tests stand outside', () => {
    expect(layerOf('main.tsx')).toBe('app');
    expect(layerOf('app/routes.tsx')).toBe('app');
    expect(layerOf('features/wallet/routes/balance.tsx')).toBe('features');
    expect(layerOf('components/wallet/token-menu.tsx')).toBe('components');
    expect(layerOf('lib/api-client.ts')).toBe('lib');
    expect(layerOf('lib/api-client.test.ts')).toBeUndefined();
    expect(layerOf('test-support/stub-fetch.ts')).toBeUndefined();
  });

  it('fails on an import that runs up a layer', () => {
    expect(upwardImports('lib/share.ts', "import { notify } from '../components/notification-stack';\n")).toEqual([
      'apps/web/src/lib/share.ts imports ../components/notification-stack: lib may not import components (app -> features -> components -> lib)',
    ]);
    expect(upwardImports('components/top-bar.tsx', "import { theme } from '../app/theme';\n")).toHaveLength(1);
    expect(
      upwardImports('features/wallet/routes/balance.tsx', "const routes = import('../../../app/routes');\n"),
    ).toHaveLength(1);
    expect(upwardImports('lib/a.ts', "export { b } from '../features/wallet/b';\n")).toHaveLength(1);
  });

  it('lets an import run down or stay in its layer', () => {
    const source = [
      "import { api } from '../../../lib/api-client';",
      "import { TokenCount } from '../../../components/wallet/token-count';",
      "import { WithdrawForm } from '../components/withdraw-form';",
      "import Button from '@mui/material/Button';",
      '',
    ].join('\n');
    expect(upwardImports('features/wallet/routes/balance.tsx', source)).toEqual([]);
    expect(upwardImports('main.tsx', "import { routes } from './app/routes';\n")).toEqual([]);
  });

  it('finds no upward import in the web app today', () => {
    expect(upwardImportsIn(path.join(import.meta.dirname, 'src'))).toEqual([]);
  });
});
