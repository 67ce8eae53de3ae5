// Bundles the server into dist/main.js (the reconcile and db:move commands into dist/reconcile.js and dist/db-move.js, and the child
// process of image work into dist/image-worker.js, which image-jobs.ts starts from beside main.js): our own code and the workspace packages are compiled in,
// everything from npm but COMPILED_IN below stays an ordinary import of node_modules. Code split: what is imported dynamically
// (the card sandbox, in sandbox mode only) is a chunk of its own, loaded only when reached.
// `node build.mjs <dir>` bundles into another folder (scripts/server-bundle.test.ts).
import fs from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
// Chunk names change with their content: start empty, so no chunk of an older build is left to load.
fs.rmSync(outdir, { recursive: true, force: true });

/**
 * npm packages compiled in rather than imported at start: drizzle-orm's package.json lists 627 entry points
 * (179 KB), and Node reads that list again for each of its few hundred files, so importing it took about a
 * second of every start; better-auth loads drizzle-orm through its adapter, and is compiled in with it so
 * both use one copy.
 */
const COMPILED_IN = ['drizzle-orm', 'better-auth', '@better-auth/'];
const isCompiledIn = (specifier) =>
  COMPILED_IN.some((name) => specifier === name || specifier.startsWith(name.endsWith('/') ? name : `${name}/`));

await build({
  entryPoints: {
    main: 'src/main.ts',
    reconcile: 'src/reconcile-main.ts',
    'db-move': 'src/db-move-main.ts',
    'image-worker': 'src/modules/media/image-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  // Beside main.js, like it one level below the package (src/paths.ts counts on that).
  chunkNames: '[name]-[hash]',
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
          args.path.startsWith('@sweetwish/') || isCompiledIn(args.path)
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
