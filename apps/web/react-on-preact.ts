import { fileURLToPath } from 'node:url';

/**
 * The web app runs React's API on Preact (decision 035): `react` and `react-dom` resolve to preact/compat,
 * a tenth of react-dom's size. The build and the web tests resolve them the same way, so the tests run
 * what users run. `react` itself is our module: preact/compat and the React 19 hooks it lacks.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/preact/react.ts', import.meta.url)) },
];
