// `npm run lint`, after Biome: the server's imports run one way, down the layers drawn in
// docs/architecture.md section 1 (issue 47, decision 071). Each import of a server source file (tests aside:
// they wire the real parts together) is checked against three rules:
// 1. Layers: the base (config and what it needs), the kernel (db, http, jobs, adapters...), the domain
//    modules, the use cases, the composition (app.ts, server.ts...). A file imports its own layer or lower.
// 2. Modules in tiers (MODULE_TIERS): a module imports only modules of a lower tier, so two modules never
//    import each other.
// 3. A module reaches another module through what it exports for others (its service and the like), never
//    through its repo.ts or tables.ts. Tables files may name other tables for their foreign keys, and
//    db/schema.ts lists every table for the migrations.
import fs from 'node:fs';
import path from 'node:path';

export const SERVER_SRC = 'apps/server/src';

/** The layers, lowest first; a path matches the first layer whose test it passes. */
export const LAYERS = [
  { name: 'base', test: (p) => /^(config|config-env|errors|logger|paths|trust-proxy)\.ts$/.test(p) },
  { name: 'kernel', test: (p) => /^(adapters|changes|db|http|jobs|metrics|security)\//.test(p) },
  { name: 'modules', test: (p) => p.startsWith('modules/') },
  { name: 'use-cases', test: (p) => p.startsWith('use-cases/') },
  { name: 'composition', test: () => true },
];

/**
 * The domain modules in tiers, lowest first: a module may import the modules of the tiers below its own.
 * A new module takes the lowest tier above everything it imports.
 */
export const MODULE_TIERS = [
  ['accounts'],
  ['profiles'],
  [
    'card-webhooks',
    'client-errors',
    'dev-sign-in',
    'health',
    'inbox',
    'ledger',
    'live',
    'media',
    'notify',
    'outbox',
    'push',
    'settings',
  ],
  ['wishes', 'webhooks', 'wish-import'],
  ['safety'],
  ['gifts'],
  ['conversations', 'group-gifts', 'wallet', 'fans', 'overlay'],
  ['activity', 'subscriptions', 'payouts', 'sharing', 'db-move'],
  ['checkout', 'insights'],
];

const IMPORT =
  /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1|^\s*import\s*(['"])([^'"\n]+)\3|\bimport\s*\(\s*(['"])([^'"\n]+)\5\s*\)/gm;
const NOT_CHECKED = /\.test\.ts$|-fixtures\.ts$|(?:^|\/)test-[^/]*\.ts$|test-support\.ts$/;

const layerOf = (p) => LAYERS.findIndex((layer) => layer.test(p));
const moduleOf = (p) => (p.startsWith('modules/') ? p.split('/')[1] : undefined);
const tierOf = (name) => MODULE_TIERS.findIndex((tier) => tier.includes(name));
const isTables = (p) => /(^|\/)tables\.ts$/.test(p);
const isRepo = (p) => /(^|\/|-)repo\.ts$/.test(p);

/** What is wrong with `from` (a path under apps/server/src) importing `to`; undefined when nothing is. */
export function importProblem(from, to) {
  if (isTables(from) && isTables(to)) return undefined;
  if (from === 'db/schema.ts' && isTables(to)) return undefined;
  const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
  if (toLayer > fromLayer) {
    return `runs up from ${LAYERS[fromLayer].name} to ${LAYERS[toLayer].name}`;
  }
  const [fromModule, toModule] = [moduleOf(from), moduleOf(to)];
  if (fromModule && toModule && fromModule !== toModule) {
    const [fromTier, toTier] = [tierOf(fromModule), tierOf(toModule)];
    if (fromTier < 0) return `imports from module ${fromModule}, which has no tier in scripts/check-layers.mjs`;
    if (toTier < 0) return `imports module ${toModule}, which has no tier in scripts/check-layers.mjs`;
    if (toTier >= fromTier)
      return `runs up from module ${fromModule} to module ${toModule}, of the same tier or higher`;
  }
  if (toModule && toModule !== fromModule && (isRepo(to) || isTables(to))) {
    return `reads module ${toModule}'s ${path.posix.basename(to)}: use what the module exports for others`;
  }
  return undefined;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** Every import of the server's source files under `root` that breaks a rule, one line each. */
export function layerProblems(root) {
  const src = path.join(root, SERVER_SRC);
  const problems = [];
  for (const file of sourceFiles(src)) {
    const from = path.relative(src, file).split(path.sep).join('/');
    if (NOT_CHECKED.test(from)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[2] ?? match[4] ?? match[6] ?? '';
      if (!specifier.startsWith('.')) continue;
      let to = path
        .relative(src, path.resolve(path.dirname(file), specifier))
        .split(path.sep)
        .join('/');
      if (to.startsWith('..')) continue;
      if (!/\.tsx?$/.test(to)) to += fs.existsSync(path.join(src, `${to}.ts`)) ? '.ts' : '/index.ts';
      const problem = importProblem(from, to);
      if (problem) problems.push(`${SERVER_SRC}/${from} imports ${to}: ${problem}`);
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = layerProblems(path.resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  console.log(`layers: ${problems.length} server imports run back up the layers`);
  if (problems.length > 0) process.exit(1);
}
