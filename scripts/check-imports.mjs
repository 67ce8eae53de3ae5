// `npm run lint`, after Biome: every workspace declares in its own package.json each package its files
// import (issue 17). A file may use what its workspace declares, or a tool the root declares for the whole
// repository (vitest, TypeScript); code that runs in production may use only its workspace's
// `dependencies`, because the server's bundle leaves npm packages to node_modules, where an install
// without dev dependencies would not have them.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'bench-results']);
/**
 * Import and export statements (at the start of a line, so an import quoted in a string or a comment is not
 * one), side-effect imports, and import() of a string.
 */
const IMPORT =
  /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1|^\s*import\s*(['"])([^'"\n]+)\3|\bimport\s*\(\s*(['"])([^'"\n]+)\5\s*\)/gm;
const BUILTINS = new Set(builtinModules);
/**
 * Files (from the repository root) that never run in production: tests and their helpers, build and dev tooling
 * (the web app's build helpers sit beside its vite.config.ts; its browser code is in src/).
 */
const NOT_PRODUCTION =
  /\.test\.tsx?$|\.check\.ts$|(?:^|\/)(?:test|test-support|e2e|scripts)\/|test-support\.ts$|test-images\.ts$|-fixtures\.ts$|\.config\.ts$|(?:build|precompress)\.mjs$|^apps\/web\/[^/]+\.ts$/;

/** The package an import names ("@scope/name/sub" -> "@scope/name", "name/sub" -> "name"); undefined for a path or a built-in. */
export function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('?')[0].split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? undefined : name;
}

/** Every package the file's text imports. */
export function importedPackages(text) {
  const names = new Set();
  for (const match of text.matchAll(IMPORT)) {
    const name = packageOf(match[2] ?? match[4] ?? match[6] ?? '');
    if (name) names.add(name);
  }
  return names;
}

function sourceFiles(dir, isRoot, workspaceDirs) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      // The root's own files stop where a workspace begins.
      if (isRoot && workspaceDirs.has(full)) continue;
      files.push(...sourceFiles(full, isRoot, workspaceDirs));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * The imports of `root`'s workspaces (and of the root's own files) that their package.json does not
 * declare, one sentence each; empty when all are declared.
 */
export function undeclaredImports(root) {
  const rootPackage = readJson(path.join(root, 'package.json'));
  const workspaceDirs = new Set((rootPackage.workspaces ?? []).map((w) => path.join(root, w)));
  const rootTools = new Set(Object.keys(rootPackage.devDependencies ?? {}));
  const problems = [];
  for (const dir of [root, ...workspaceDirs]) {
    const pkg = readJson(path.join(dir, 'package.json'));
    const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
    const declared = new Set([...runtime, ...Object.keys(pkg.devDependencies ?? {}), ...rootTools, pkg.name]);
    for (const file of sourceFiles(dir, dir === root, workspaceDirs)) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      const isProduction = dir !== root && !NOT_PRODUCTION.test(relative);
      for (const name of importedPackages(fs.readFileSync(file, 'utf8'))) {
        const where = path.relative(root, path.join(dir, 'package.json')).split(path.sep).join('/');
        if (!declared.has(name)) problems.push(`${relative} imports ${name}, which ${where} does not declare`);
        else if (isProduction && !runtime.has(name) && name !== pkg.name) {
          problems.push(
            `${relative} runs in production and imports ${name}, which ${where} lists only under devDependencies`,
          );
        }
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = undeclaredImports(path.resolve(import.meta.dirname, '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} undeclared imports: add each package to that workspace's package.json.`);
    process.exit(1);
  }
  console.log('imports: every workspace declares what it imports');
}
