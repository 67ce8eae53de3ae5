// `npm run lint`: the web app's layers run one way, app -> features -> components -> lib (issue 47,
// decision 080). A file may import its own layer or one below, never one above; Biome already keeps
// features from importing each other. Tests and their helpers (src/test-support) stand outside the layers:
// a test may render a lib hook inside a real component.
import fs from 'node:fs';
import path from 'node:path';

/** The layers from the top down; a file outside a layer folder (main.tsx, entry-server.tsx) belongs to app. */
export const LAYERS: readonly string[] = ['app', 'features', 'components', 'lib'];
const SOURCE = /\.(?:[cm]?[jt]s|tsx)$/;
const TEST = /\.test\.tsx?$/;
/** Import and export statements at the start of a line, side-effect imports, and import() of a string. */
const IMPORT =
  /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*(['"])([^'"\n]+)\1|^\s*import\s*(['"])([^'"\n]+)\3|\bimport\s*\(\s*(['"])([^'"\n]+)\5\s*\)/gm;

/** The layer of a path relative to src ("features/wallet/routes/balance.tsx" -> "features"); undefined outside. */
export function layerOf(relativePath: string): string | undefined {
  const [first, ...rest] = relativePath.split('/');
  if (first === 'test-support' || TEST.test(relativePath)) return undefined;
  if (rest.length === 0) return 'app';
  return first !== undefined && LAYERS.includes(first) ? first : undefined;
}

/** The relative imports of a file's text. */
export function relativeImports(text: string): string[] {
  const specifiers: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[2] ?? match[4] ?? match[6] ?? '';
    if (specifier.startsWith('.')) specifiers.push(specifier.replace(/\?.*/, ''));
  }
  return specifiers;
}

/** One sentence per import in `file` (relative to src) whose target sits in a layer above the file's. */
export function upwardImports(file: string, text: string): string[] {
  const from = layerOf(file);
  if (from === undefined) return [];
  const problems: string[] = [];
  for (const specifier of relativeImports(text)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const to = layerOf(target);
    if (to !== undefined && LAYERS.indexOf(to) < LAYERS.indexOf(from)) {
      problems.push(
        `apps/web/src/${file} imports ${specifier}: ${from} may not import ${to} (app -> features -> components -> lib)`,
      );
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

/** Every upward import under `srcDir`, one sentence each. */
export function upwardImportsIn(srcDir: string): string[] {
  return sourceFiles(srcDir).flatMap((full) =>
    upwardImports(path.relative(srcDir, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8')),
  );
}

if (import.meta.main) {
  const problems = upwardImportsIn(path.resolve(import.meta.dirname, '../src'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} imports run up the web layers: move the shared part down a layer.`);
    process.exit(1);
  }
  console.log('web layers: no import runs up (app -> features -> components -> lib)');
}
