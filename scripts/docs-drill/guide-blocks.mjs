// The docs drill's reading of the guides: the shell blocks marked with a name (```sh name), run in bash
// exactly as written, stopping at the first failing command.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What stands in for the deployment's machine around a block: `sudo` runs its command as the drill's own
 * user (`-u` and `-H` are the guide's way of naming the service's user, which this machine need not have)
 * with the environment reset as sudo resets it (only PATH and HOME kept), and the instances' env file is a
 * file of the drill's.
 */
const SUDO_SHIM = `sudo() {
  while [ "$#" -gt 0 ]; do case "$1" in -u) shift 2 ;; -H) shift ;; *) break ;; esac; done
  env -i PATH="$PATH" HOME="$HOME" "$@"
}
`;

/** The commands of `guide`'s block called `name`, exactly as the guide has them. */
export function guideBlock(root, guide, name) {
  const text = fs.readFileSync(path.join(root, guide), 'utf8');
  const match = text.match(new RegExp(`^\`\`\`sh ${name}\\n([\\s\\S]*?)^\`\`\`$`, 'm'));
  if (!match?.[1]) throw new Error(`${guide} has no block "${name}"`);
  return match[1];
}

/**
 * Runs a block in bash with only `env` (and PATH and HOME) set, the env file path replaced by `envFile`;
 * answers its output, and throws with it when the block fails.
 */
export async function runGuideBlock(root, guide, name, env, { envFile } = {}) {
  let commands = guideBlock(root, guide, name);
  if (envFile) commands = commands.replaceAll('/etc/sweetwish/env', envFile);
  const child = spawn('bash', ['-euo', 'pipefail', '-c', SUDO_SHIM + commands], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${guide}, block "${name}", exited ${code}:\n${output}`);
  return output;
}

/** The variables of an env file as systemd's EnvironmentFile= reads the simple ones: KEY=value per line. */
export function readEnvFile(file) {
  const env = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}
