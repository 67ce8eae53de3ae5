import path from 'node:path';
import { type ModuleGraph, usedModules } from './used-modules';

export type { ModuleGraph };

/**
 * How the build groups modules into files for the pages people land on from outside (decision 037): the
 * landing page, /sign-in, /{handle} and /x/{id}. Left to itself, the bundler makes a file of every set of
 * screens that shares some modules: /sign-in loaded 68 files and /x/{id} 81, most of them 1-2 KB, and a
 * phone on a mobile network fetches six at a time, each a round trip. Here each such page loads six files
 * or fewer besides its screen's own:
 *
 * - `entry`: what the app's entry needs, and what the landing page shares with any app screen below;
 * - `query`: the query library, which all three app screens below need (the server-state cache);
 * - `app`: what else all three share (the session, the top bar...);
 * - `app-profile+wish` and the like: what exactly two of them share, so a page never loads what only the
 *   other two need (the wishlist's search field is no part of a wish page);
 * - `sign-in`, `profile`, `wish`: what only that screen needs;
 * - `landing-icons`: the icons only the landing page needs among these (other screens may load it too).
 *
 * Every other module (other screens, and what these screens load on demand) is split as the bundler does
 * by default. Another screen that imports a module of these files loads that whole file: a cost for
 * screens reached from inside the app, mostly after the sign-in page has been cached.
 *
 * The screen modules themselves stay files of their own, so that Vite's manifest names them and the server
 * can preload them (apps/server/src/http/page-html.ts, which lists the same screens).
 */
export const src = (file: string) => path.resolve(import.meta.dirname, 'src', file);
const ENTRY = src('main.tsx');
const LANDING = src('features/marketing/routes/landing.tsx');
const APP_SHELL = src('app/app-shell.tsx');
/**
 * The server-state cache's library: every app screen needs it to run, none to be seen. A file of its own,
 * which a page drawn whole fetches on the visitor's first interaction (apps/server/src/http/page-html.ts).
 */
const QUERY_LIBRARY = /[\\/]node_modules[\\/]@tanstack[\\/]/;
/** A module of the icon set: each icon is one. */
const ICON = /[\\/]@mui[\\/]icons-material[\\/]/;
/** The app screens people land on: each loads inside the app shell. */
const APP_SCREENS = {
  'sign-in': src('features/accounts/routes/sign-in.tsx'),
  profile: src('features/profiles/routes/public-profile.tsx'),
  wish: src('features/wishes-public/routes/wish-page.tsx'),
};

/** The file (group name) of every module that belongs to one of the groups above, but for `entry`. */
export function groupsOf(graph: ModuleGraph): Map<string, string> {
  // Each page's modules as tree shaking keeps them (usedModules): by static imports alone, every screen
  // reached MUI's text field through the `styles` index and loaded it in `app` (profile bare + 43.4 KB gzip,
  // + 37.5 counted by use; decision 081).
  const links = new Map();
  const entry = usedModules(graph, ENTRY, links);
  const landing = usedModules(graph, LANDING, links);
  const shell = usedModules(graph, APP_SHELL, links);
  const screens = Object.entries(APP_SCREENS).map(
    ([name, file]) => [name, new Set([...shell, ...usedModules(graph, file, links)])] as const,
  );
  const ownFiles = new Set([ENTRY, LANDING, APP_SHELL, ...Object.values(APP_SCREENS)]);

  const groups = new Map<string, string>();
  for (const id of new Set([...landing, ...screens.flatMap(([, ids]) => [...ids])])) {
    // The bundler's own modules (the preload helper, the runtime) keep their place.
    if (ownFiles.has(id) || id.startsWith('\0')) continue;
    // What the entry does not use is grouped by the screens that use it: left to the bundler, MUI's form
    // control went into the sign-in file, which a wish page then loaded whole for three of its exports.
    const users = screens.filter(([, ids]) => ids.has(id)).map(([name]) => name);
    if (landing.has(id) && users.length > 0 && !entry.has(id)) groups.set(id, 'shared');
    else if (users.length === screens.length) groups.set(id, QUERY_LIBRARY.test(id) ? 'query' : 'app');
    else if (users.length >= 2) groups.set(id, `app-${users.sort().join('+')}`);
    else if (users.length === 1 && !landing.has(id)) groups.set(id, users[0] as string);
    // The landing page's icons, one module each, would each be a file of their own, as other screens use
    // them too: together they are one.
    else if (users.length === 0 && ICON.test(id)) groups.set(id, 'landing-icons');
  }
  return groups;
}

/** Every pair of `names`, each sorted, as groupsOf names the modules two screens share. */
function pairsOf(names: string[]): string[][] {
  return names.flatMap((a, i) => names.slice(i + 1).map((b) => [a, b].sort()));
}

/** `build.rolldownOptions.output.codeSplitting` for the groups above. */
export function landingPageChunks() {
  // Worked out once per chunking pass: the graph's objects are new in each pass (a rebuild).
  const cache = new WeakMap<object, Map<string, string>>();
  const groupOf = (id: string, graph: ModuleGraph) => {
    const key = graph.getModuleInfo(ENTRY);
    if (!key) return undefined;
    let groups = cache.get(key);
    if (!groups) {
      groups = groupsOf(graph);
      cache.set(key, groups);
    }
    return groups.get(id);
  };
  // The more widely shared a group, the higher its priority: the bundler adds a module's imports to its
  // group unless a group chosen earlier holds them, and each group's imports belong to a wider one.
  const group = (name: string, priority: number) => ({
    name: (id: string, graph: ModuleGraph) => (groupOf(id, graph) === name ? name : null),
    priority,
  });
  return {
    groups: [
      // What the entry loads before it runs (the bundler knows what tree shaking kept; an import of a
      // library's index reaches modules the entry does not use).
      { name: 'entry', tags: ['$initial' as const], priority: 5 },
      group('shared', 4),
      group('query', 3),
      group('app', 3),
      ...pairsOf(Object.keys(APP_SCREENS)).map((pair) => group(`app-${pair.join('+')}`, 2)),
      ...Object.keys(APP_SCREENS).map((name) => group(name, 1)),
      group('landing-icons', 1),
    ],
  };
}
