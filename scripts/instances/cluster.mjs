// Three server instances on one PostgreSQL database behind HAProxy, run on deploy/haproxy.cfg as shipped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitFor } from '../bench/api.mjs';

/** One instance: started, killed, stopped and started again on the same port and data folder. */
export function createInstance({ root, env, name, port }) {
  const serverEntry = path.join(root, 'apps/server/dist/main.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sweetwish-${name}-`));
  const baseUrl = `http://127.0.0.1:${port}`;
  let child;
  return {
    name,
    port,
    baseUrl,
    async start() {
      child = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        // The drain outlasts HAProxy's 3 failed checks a second apart (deploy/haproxy.cfg, docs/deploy.md).
        env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '5' },
      });
      await waitFor(`${baseUrl}/api/health`, child);
    },
    kill() {
      child.kill('SIGKILL');
      return new Promise((resolve) =>
        child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', resolve),
      );
    },
    /** SIGTERM, as systemd stops a unit; resolves with the exit code and how long the exit took. */
    async terminate() {
      const began = performance.now();
      const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await exited;
      return { code, ms: performance.now() - began };
    },
    async cleanup() {
      if (child && child.exitCode === null && !child.signalCode) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(force);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** HAProxy on the shipped configuration, its listening and server addresses passed by environment. */
export async function startBalancer({ root, instances, port }) {
  const env = {
    ...process.env,
    SWEETWISH_BIND: `127.0.0.1:${port}`,
    ...Object.fromEntries(instances.map((instance, i) => [`SWEETWISH_APP${i + 1}`, `127.0.0.1:${instance.port}`])),
  };
  const log = [];
  // Debian puts it in /usr/sbin, which may not be on a user's PATH.
  const haproxy = fs.existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const child = spawn(haproxy, ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => log.push(String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, child);
  return {
    baseUrl,
    log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until HAProxy's health checks see the instance up again: a request straight to it answers. */
export async function waitUntilServing(instance) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`${instance.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${instance.name} did not come back`);
}
