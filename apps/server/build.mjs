// Bundles the server into dist/main.js: our own code and the workspace packages are compiled in,
// everything from npm stays an ordinary import of node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@sweetwish/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
