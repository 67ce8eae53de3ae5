// Bundles the server into dist/main.js (the reconcile and db:move commands into dist/reconcile.js and dist/db-move.js, and the child
// process of image work into dist/image-worker.js, which image-jobs.ts starts from beside main.js): our own code and the workspace packages are compiled in,
// everything from npm stays an ordinary import of node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    reconcile: 'src/reconcile-main.ts',
    'db-move': 'src/db-move-main.ts',
    'image-worker': 'src/modules/media/image-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
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
