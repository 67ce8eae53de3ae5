import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { landingPageChunks } from './landing-chunks';

/** Files of `public/` the installable app keeps for offline use beside the entry's script and styles. */
const SHELL_FILES = [
  '/offline.html',
  '/offline.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
];

/**
 * Writes /sw.js (service-worker/sw.js) with this build's app shell and a version made of every output
 * file's name and the shell's public files: a release that changes any of them is a new worker, which the
 * page offers to reload into.
 */
function serviceWorker(): Plugin {
  return {
    name: 'sweetwish-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk' && file.isEntry ? [file.fileName, ...(file.viteMetadata?.importedCss ?? [])] : [],
      );
      const shell = [...entry.map((name) => `/${name}`), ...SHELL_FILES];
      const hash = createHash('sha256').update(Object.keys(bundle).sort().join('\n'));
      for (const file of SHELL_FILES) hash.update(readFileSync(new URL(`./public${file}`, import.meta.url)));
      const version = hash.digest('hex').slice(0, 16);
      const source = readFileSync(new URL('./service-worker/sw.js', import.meta.url), 'utf8')
        .replace('__SW_VERSION__', version)
        .replace('__SW_SHELL__', JSON.stringify(shell));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

// In development the API server runs on 5173 and Vite serves the app on 5172 (the product's port),
// passing /api through, so the browser sees one origin as in production.
// `vite build --ssr` builds src/entry-server.tsx into dist-server/ for the server: every package compiled in,
// so the server renders with the same React and libraries as the browser and needs none of the web app's
// packages itself.
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        // Compiled in, React would otherwise pick its development build at run time on a server started
        // without NODE_ENV, rendering slower and with development-only checks.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { target: 'node24', outDir: 'dist-server', sourcemap: true },
        publicDir: false,
        ssr: { noExternal: true },
      }
    : {
        plugins: [react(), serviceWorker()],
        server: { port: 5172, strictPort: true, proxy: { '/api': 'http://localhost:5173' } },
        build: {
          target: 'es2022',
          sourcemap: true,
          manifest: true,
          rolldownOptions: { output: { codeSplitting: landingPageChunks() } },
        },
      },
);
