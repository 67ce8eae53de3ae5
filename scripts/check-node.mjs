// Runs first in `npm start`, `npm run dev`, `npm test` and `npm run bench`. npm runs scripts with
// node_modules/.bin first on PATH, where `npm install` puts the `node` dev dependency (Node 24 from the npm
// registry, decision 051), so a machine's older system Node only runs npm itself. When that binary is
// missing, the scripts would fail later with errors that do not name the cause. Plain syntax and no
// dependencies, so that old versions run it too.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The minimum of package.json's `"engines": { "node": ">=MAJOR.MINOR" }`, e.g. "24.15". */
export function requiredNodeVersion() {
  const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines?.node ?? '')?.[1];
  if (!minimum) throw new Error(`package.json "engines.node" should read ">=MAJOR.MINOR", not ${engines?.node}`);
  return minimum;
}

/** The exact Node the project pins as its `node` dev dependency, e.g. "24.21.0". */
export function pinnedNodeVersion() {
  const { devDependencies } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const pinned = devDependencies?.node;
  if (!/^\d+\.\d+\.\d+$/.test(pinned ?? '')) throw new Error(`package.json should pin "node" exactly, not ${pinned}`);
  return pinned;
}

/** Compares release numbers part by part ("24.9.0" is older than "24.15"), ignoring a leading "v". */
export function isAtLeast(version, minimum) {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = minimum.split('.').map(Number);
  for (let i = 0; i < need.length; i += 1) {
    const part = have[i] ?? 0;
    if (part !== need[i]) return part > need[i];
  }
  return true;
}

/** The sentence that refuses `version`, or null when it is recent enough. */
export function refusal(version, minimum) {
  if (isAtLeast(version, minimum)) return null;
  return (
    `Sweetwish runs on Node.js ${minimum} or later and this is Node.js ${version.replace(/^v/, '')}. ` +
    '`npm install` in this folder puts Node 24 in node_modules/.bin (the `node` package from the npm registry), ' +
    'which npm scripts run on: run `npm install`, then the command again.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sentence = refusal(process.version, requiredNodeVersion());
  if (sentence) {
    console.error(sentence);
    process.exit(1);
  }
}
