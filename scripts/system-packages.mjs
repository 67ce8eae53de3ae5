// The two programs the test command needs from Debian's packages: Chromium for the end-to-end tests and
// HAProxy for the instances test (deploy/haproxy.cfg). `npm test` installs what is missing with apt-get, as
// root or through a sudo that asks no password, so a fresh machine needs nothing installed by hand.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** The Debian packages among `wanted` ({ package: path of its program }) whose program is missing. */
export function missingPackages(wanted, exists = fs.existsSync) {
  return Object.entries(wanted)
    .filter(([, program]) => !exists(program))
    .map(([name]) => name);
}

/** Installs `names` with apt-get; returns null when done, else the sentence that says what to run. */
export function installPackages(names, { run = spawnSync, isRoot = process.getuid?.() === 0 } = {}) {
  if (names.length === 0) return null;
  const command = `apt-get install -y ${names.join(' ')}`;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.log(`Installing ${names.join(' and ')} from Debian's packages (${command})`);
  if (apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...names])) return null;
  return `Could not install ${names.join(' and ')}: run \`sudo ${command}\` and the command again.`;
}
