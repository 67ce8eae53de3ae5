import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAtLeast, refusal, requiredNodeVersion } from './check-node.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('check-node', () => {
  it('reads the minimum from package.json, which names Node 24', () => {
    const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(engines.node).toBe(`>=${requiredNodeVersion()}`);
    expect(requiredNodeVersion()).toMatch(/^24\./);
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
      'Sweetwish needs Node.js 24.15 or later (Node 24 LTS) and this is Node.js 20.20.2: ' +
        'install Node 24 (with nvm: `nvm install` in this folder) and run the command again.',
    );
    expect(refusal('v24.21.0', '24.15')).toBeNull();
  });

  it('lets the Node running the tests through, silently', () => {
    const result = spawnSync(process.execPath, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
