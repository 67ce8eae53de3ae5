import { parseAst } from 'vite';

/** What the chunking pass knows of a module: its static imports, resolved, and its code as transformed. */
export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; code?: string | null; exports?: string[] } | null;
};

/** Every name a module may be asked for: `*` is all of it (a namespace import, or code we cannot read). */
const ALL = '*';

/** One module's imports and exports, by the module each comes from. */
type Links = {
  /** What the module's own code imports: the source's id and the names, `[]` for an import for effect. */
  imports: { from: string; names: string[] }[];
  /** `export { a as b } from 'x'`: b -> x's a. */
  reexports: Map<string, { from: string; name: string }>;
  /** `export * from 'x'`. */
  starExports: string[];
  /** What the module's own code exports. */
  ownExports: Set<string>;
};

const nameOf = (node: { type: string; name?: string; value?: unknown }) =>
  node.type === 'Identifier' ? (node.name as string) : String(node.value);

/** The names a `export const a = 1, { b } = c` or `export function f() {}` declares. */
function declaredNames(declaration: unknown): string[] {
  const node = declaration as { type?: string; id?: { name?: string }; declarations?: { id: Pattern }[] } | null;
  if (!node) return [];
  if (node.type === 'VariableDeclaration') return (node.declarations ?? []).flatMap((d) => patternNames(d.id));
  return node.id?.name ? [node.id.name] : [];
}

/** A binding pattern as the parser gives it: the fields read here. */
type Pattern = {
  type: string;
  name?: string;
  properties?: { value?: Pattern; argument?: Pattern }[];
  elements?: (Pattern | null)[];
  left?: Pattern;
  argument?: Pattern;
};

function patternNames(pattern: Pattern | undefined): string[] {
  if (!pattern) return [];
  switch (pattern.type) {
    case 'Identifier':
      return pattern.name ? [pattern.name] : [];
    case 'ObjectPattern':
      return (pattern.properties ?? []).flatMap((p) => patternNames(p.value ?? p.argument));
    case 'ArrayPattern':
      return (pattern.elements ?? []).flatMap((e) => patternNames(e ?? undefined));
    case 'AssignmentPattern':
      return patternNames(pattern.left);
    case 'RestElement':
      return patternNames(pattern.argument);
    default:
      return [];
  }
}

/**
 * The module's links, its import sources matched to `importedIds` by order (the bundler lists them as the
 * code names them); undefined when its code cannot be read that way (CommonJS, a source the bundler added).
 */
function linksOf(info: NonNullable<ReturnType<ModuleGraph['getModuleInfo']>>): Links | undefined {
  if (!info.code) return undefined;
  let body: ReturnType<typeof parseAst>['body'];
  try {
    body = parseAst(info.code).body;
  } catch {
    return undefined;
  }
  const sources: string[] = [];
  const idOf = (source: string) => {
    if (!sources.includes(source)) sources.push(source);
    return info.importedIds[sources.indexOf(source)] ?? '';
  };
  const links: Links = { imports: [], reexports: new Map(), starExports: [], ownExports: new Set() };
  for (const node of body) {
    if (node.type === 'ImportDeclaration') {
      if (node.importKind === 'type') continue;
      const names = node.specifiers.map((s) =>
        s.type === 'ImportSpecifier' ? nameOf(s.imported) : s.type === 'ImportDefaultSpecifier' ? 'default' : ALL,
      );
      links.imports.push({ from: idOf(node.source.value), names });
    } else if (node.type === 'ExportAllDeclaration') {
      const from = idOf(node.source.value);
      if (node.exported) links.reexports.set(nameOf(node.exported), { from, name: ALL });
      else links.starExports.push(from);
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const from = idOf(node.source.value);
      for (const s of node.specifiers) links.reexports.set(nameOf(s.exported), { from, name: nameOf(s.local) });
    } else if (node.type === 'ExportNamedDeclaration') {
      for (const s of node.specifiers) links.ownExports.add(nameOf(s.exported));
      for (const name of declaredNames(node.declaration)) links.ownExports.add(name);
    } else if (node.type === 'ExportDefaultDeclaration') {
      links.ownExports.add('default');
    }
  }
  // Imports the code does not name as ES imports (CommonJS `require`) but the bundler's own helpers: the
  // code cannot say what is used.
  const unnamed = info.importedIds.slice(sources.length);
  return sources.length <= info.importedIds.length && unnamed.every((id) => id.startsWith('\0')) ? links : undefined;
}

/**
 * Every module `start` uses through its static imports, itself included: as tree shaking would keep them,
 * to the name. An index module of a library that re-exports a hundred others leads only to the ones whose
 * names are imported through it (MUI's `styles` index reaches the text field's code, which no page that only
 * styles a box needs). A module whose own code is used brings all its imports, whichever export was asked
 * for; a module whose code cannot be read brings all of them too.
 */
export function usedModules(graph: ModuleGraph, start: string, cache = new Map<string, Links | undefined>()) {
  const links = (id: string) => {
    if (!cache.has(id)) {
      const info = graph.getModuleInfo(id);
      cache.set(id, info ? linksOf(info) : undefined);
    }
    return cache.get(id);
  };
  const used = new Set<string>();
  const asked = new Set<string>();
  const queue: [string, string][] = [[start, ALL]];
  const ask = (id: string, name: string) => {
    if (id && !asked.has(`${id}\0${name}`) && !asked.has(`${id}\0${ALL}`)) queue.push([id, name]);
  };
  for (let item = queue.pop(); item; item = queue.pop()) {
    const [id, name] = item;
    if (asked.has(`${id}\0${name}`)) continue;
    asked.add(`${id}\0${name}`);
    used.add(id);
    const own = links(id);
    if (!own) {
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) ask(next, ALL);
      continue;
    }
    const reexport = own.reexports.get(name);
    if (reexport) {
      ask(reexport.from, reexport.name);
    } else if (name === ALL || own.ownExports.has(name)) {
      for (const { from, names } of own.imports) for (const n of names.length ? names : [ALL]) ask(from, n);
      if (name === ALL) {
        for (const { from, name: n } of own.reexports.values()) ask(from, n);
        for (const from of own.starExports) ask(from, ALL);
      }
    } else if (own.starExports.length === 0) {
      // A name the code does not seem to export: its own code, to be safe.
      for (const { from, names } of own.imports) for (const n of names.length ? names : [ALL]) ask(from, n);
    } else {
      for (const from of own.starExports) {
        const exports = graph.getModuleInfo(from)?.exports;
        if (!exports || exports.includes(name)) ask(from, name);
      }
    }
  }
  return used;
}
