// The yardstick of the JavaScript figures (issue 44): a bare page of the web app's own stack, React 19 with
// React Router and MUI on emotion, built by Vite as the app is. What a fan page loads beyond it is the app's
// own weight. Built into .bench/bare-page (git-ignored), where Node resolves the stack from the repository's
// node_modules.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

/** The stack's modules the bare page imports, as the app imports them. */
const STACK = [
  ['CssBaseline', '@mui/material/CssBaseline'],
  ['Button', '@mui/material/Button'],
  ['Typography', '@mui/material/Typography'],
  ['{ createTheme, ThemeProvider }', '@mui/material/styles'],
  ['{ createElement as h }', 'react'],
  ['{ hydrateRoot }', 'react-dom/client'],
  ['{ createBrowserRouter }', 'react-router'],
  ['{ RouterProvider }', 'react-router/dom'],
];

const PAGE = `${STACK.map(([names, module]) => `import ${names} from ${JSON.stringify(module)};`).join('\n')}

const theme = createTheme({ palette: { mode: 'dark' } });
const Page = () => [h(Typography, { key: 't', variant: 'h1' }, 'Hello'), h(Button, { key: 'b', variant: 'contained' }, 'Go')];
const router = createBrowserRouter([{ path: '/', Component: Page }]);
hydrateRoot(
  document.getElementById('root'),
  h(ThemeProvider, { theme }, h(CssBaseline), h(RouterProvider, { router })),
);
`;

/** Builds the bare page and answers the gzip -9 size of its JavaScript, in KiB. */
export async function bareStackGzipKB(root) {
  const dir = path.join(root, '.bench', 'bare-page');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'main.js'), PAGE);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: path.join(dir, 'dist'), target: 'es2022' },
  });
  const assets = path.join(dir, 'dist', 'assets');
  let bytes = 0;
  for (const file of fs.readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    bytes += zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

/**
 * Whether React DOM's own code is in these files (paths under the web app's dist): its fiber keys are React
 * DOM's alone; an aliased runtime (Preact's compat layer) has neither.
 */
export function hasReactDom(distDir, files) {
  return files.some((file) => {
    const text = fs.readFileSync(path.join(distDir, decodeURIComponent(file)), 'utf8');
    return text.includes('__reactFiber$') && text.includes('react.dev/errors');
  });
}
