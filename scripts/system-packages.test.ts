import { describe, expect, it } from 'vitest';
import { installPackages, missingPackages } from './system-packages.mjs';

describe('system-packages', () => {
  it('names the packages whose program is missing', () => {
    const present = new Set(['/usr/bin/chromium']);
    const wanted = { chromium: '/usr/bin/chromium', haproxy: '/usr/sbin/haproxy' };
    expect(missingPackages(wanted, (file: string) => present.has(file))).toEqual(['haproxy']);
    expect(missingPackages(wanted, () => true)).toEqual([]);
  });

  it('installs with apt-get as root, through a sudo that asks nothing otherwise, and says what to run on failure', () => {
    const calls: string[] = [];
    const ok = (command: string, args: string[]) => {
      calls.push([command, ...args].join(' '));
      return { status: 0 };
    };
    expect(installPackages(['haproxy'], { run: ok, isRoot: true })).toBeNull();
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq haproxy']);
    calls.length = 0;
    expect(installPackages(['chromium'], { run: ok, isRoot: false })).toBeNull();
    expect(calls).toEqual(['sudo -n apt-get update -qq', 'sudo -n apt-get install -y -qq chromium']);
    const refusing = () => ({ status: 1 });
    expect(installPackages(['chromium', 'haproxy'], { run: refusing, isRoot: false })).toBe(
      'Could not install chromium and haproxy: run `sudo apt-get install -y chromium haproxy` and the command again.',
    );
    expect(installPackages([], { run: refusing })).toBeNull();
  });
});
