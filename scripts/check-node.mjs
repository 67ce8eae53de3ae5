// Runs first in `npm start`, `npm run dev`, `npm test` and `npm run bench`, and in .ci/run: under a Node.js
// older than package.json's "engines" they would fail later with errors that do not name the cause. Plain
// syntax and no dependencies, so that old versions run it too.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The minimum of package.json's `"engines": { "node": ">=MAJOR.MINOR" }`, e.g. "24.15". */
export function requiredNodeVersion() {
  const { engines } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(engines?.node ?? '')?.[1];
  if (!minimum) throw new Error(`package.json "engines.node" should read ">=MAJOR.MINOR", not ${engines?.node}`);
  return minimum;
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
    `Sweetwish needs Node.js ${minimum} or later (Node 24 LTS) and this is Node.js ${version.replace(/^v/, '')}: ` +
    'install Node 24 (with nvm: `nvm install` in this folder) and run the command again.'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sentence = refusal(process.version, requiredNodeVersion());
  if (sentence) {
    console.error(sentence);
    process.exit(1);
  }
}
