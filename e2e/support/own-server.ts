import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

function freePort(): number {
  return Number(
    execFileSync(process.execPath, [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ]).toString(),
  );
}

async function waitForHealth(baseURL: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy within 60 s');
}

/**
 * A built server of a test file's own (the shared webServer cannot be restarted), with the same settings as
 * playwright.config.ts's first one, on a free port and a data folder kept across restarts.
 */
export function ownServer() {
  const port = freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-e2e-own-'));
  const baseURL = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  return {
    baseURL,
    async start() {
      child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
        },
      });
      await waitForHealth(baseURL, child);
    },
    /** SIGTERM, as a deploy stops it; resolves once it exited. */
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    async cleanup() {
      await this.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
