import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAtLeast, pinnedNodeVersion, refusal, requiredNodeVersion } from './check-node.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('check-node', () => {
  it('reads the minimum from package.json, which names Node 24, and the pinned Node meets it', () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(engines.node).toBe(`>=${requiredNodeVersion()}`);
    expect(requiredNodeVersion()).toMatch(/^24\./);
    expect(pinnedNodeVersion()).toMatch(/^24\./);
    expect(isAtLeast(pinnedNodeVersion(), requiredNodeVersion())).toBe(true);
  });

  it('compares release numbers as numbers, part by part', () => {
    expect(isAtLeast('v24.15.0', '24.15')).toBe(true);
    expect(isAtLeast('v24.21.0', '24.15')).toBe(true);
    expect(isAtLeast('v26.0.0', '24.15')).toBe(true);
    expect(isAtLeast('v24.9.0', '24.15')).toBe(false);
    expect(isAtLeast('v24.14.9', '24.15')).toBe(false);
    expect(isAtLeast('v20.20.2', '24.15')).toBe(false);
    expect(isAtLeast('v3.0.0', '24.15')).toBe(false);
  });

  it('refuses an older Node with one sentence that names both versions and the fix', () => {
    const sentence = refusal('v20.20.2', '24.15');
    expect(sentence).toBe(
      'Sweetwish runs on Node.js 24.15 or later and this is Node.js 20.20.2. `npm install` in this folder puts ' +
        'Node 24 in node_modules/.bin (the `node` package from the npm registry), which npm scripts run on: run ' +
        '`npm install`, then the command again.',
    );
    expect(refusal('v24.21.0', '24.15')).toBeNull();
  });

  it('lets the Node running the tests through, silently', () => {
    const result = spawnSync(process.execPath, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('runs npm scripts on the pinned Node 24 whatever Node is first on the PATH', () => {
    // The first `node` on this PATH stands for an old system Node and only prints a version of its own: npm
    // (run here on a real Node, as the system's npm would be) must run the script on the project's binary.
    const oldNode = fs.mkdtempSync(path.join(os.tmpdir(), 'old-node-'));
    fs.writeFileSync(path.join(oldNode, 'node'), '#!/bin/sh\necho v20.0.0-system\n', { mode: 0o755 });
    const npmCli =
      process.env.npm_execpath ??
      fs.realpathSync(execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim());
    const withoutProjectBins = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !dir.includes('node_modules'));
    const run = (args: string[]) =>
      spawnSync(process.execPath, [npmCli, ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, PATH: [oldNode, ...withoutProjectBins].join(path.delimiter) },
      });
    const plain = spawnSync('node', ['-p', 'process.version'], {
      encoding: 'utf8',
      env: { PATH: [oldNode, ...withoutProjectBins].join(path.delimiter) },
    });
    const script = run(['exec', '--', 'node', '-p', 'process.version']);
    fs.rmSync(oldNode, { recursive: true, force: true });
    expect(plain.stdout.trim()).toBe('v20.0.0-system');
    expect(script.stdout.trim()).toBe(`v${pinnedNodeVersion()}`);
  });
});
