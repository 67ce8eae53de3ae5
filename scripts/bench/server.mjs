// The bench's build and its servers: start, wait for health, stop; what every part of the bench shares.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
/** One JSON file per run (git-ignored), named by its start time, so runs can be compared. */
export const RESULTS_DIR = path.join(ROOT, 'bench-results');

export const RUNS = 3;
export const HEALTH_POLL_MS = 25;
export const START_TIMEOUT_MS = 60_000;
export const STOP_TIMEOUT_MS = 10_000;
export const KB = 1024; // sizes are reported in KiB (1 KB = 1024 bytes)
/** What a fan page's initial JavaScript may weigh beyond a bare page of the same stack (issue 44). */
export const FAN_PAGE_JS_OVER_BARE_KB = 30;

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Every server this script started and has not yet seen exit, so that no failure path leaves one behind. */
export const liveServers = new Set();
/** Temporary data directories, removed at the end whatever happens. */
export const tempDirs = [];

// Last resort: if the script ends without reaching its `finally` (Ctrl-C), leave no server or temp dir behind.
process.on('exit', () => {
  for (const child of liveServers) child.kill('SIGKILL');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
process.on('SIGINT', () => {
  process.exitCode = 130;
  process.exit();
});

// ---------------------------------------------------------------------------------------------------------
// Small helpers

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 0) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function makeTempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-'));
  tempDirs.push(dir);
  return dir;
}

/** Asks the OS for a port nobody listens on, so parallel runs and a dev server on 5172 do not collide. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// 1. Build

export async function ensureBuild() {
  const missing = [SERVER_ENTRY, path.join(WEB_DIST, 'index.html')].filter((file) => !fs.existsSync(file));
  if (missing.length === 0) {
    console.log('Build: using the existing build (apps/server/dist, apps/web/dist).');
    return 'existing';
  }
  console.log(`Build: ${missing.map((f) => path.relative(ROOT, f)).join(', ')} missing, running npm run build…`);
  await run('npm', ['run', 'build']);
  return 'built';
}

// ---------------------------------------------------------------------------------------------------------
// 2. Server start and stop

/**
 * Spawns the built server and resolves once /api/health answers 200, with the time that took.
 * stdout (pino JSON lines) is read but not shown, to keep the terminal readable; its tail is kept so that a
 * failed start can say why (the server logs "could not start" on stdout). stderr goes to the terminal.
 */
export async function startServer(dataDir, extraEnv = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    ...extraEnv,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // Measure the embedded PGlite database whatever the caller's shell has set.
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;

  const startedAt = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  liveServers.add(child);
  child.on('exit', () => liveServers.delete(child));

  let stdoutTail = '';
  child.stdout.on('data', (chunk) => {
    stdoutTail = (stdoutTail + chunk).slice(-4000);
  });

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(child, url);
  } catch (err) {
    await stopServer(child);
    throw new Error(`${err.message}${stdoutTail ? `\nServer output:\n${stdoutTail}` : ''}`);
  }
  // PUBLIC_URL is unset, so the server takes http://localhost:$PORT as its own origin (state-changing
  // requests must come from it).
  return { child, url, publicOrigin: `http://localhost:${port}`, startMs: performance.now() - startedAt };
}

export async function waitForHealth(child, url) {
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (hasExited(child)) throw new Error(`server exited during start (${child.signalCode ?? child.exitCode})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // Not listening yet: keep polling.
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`server did not answer 200 on /api/health within ${START_TIMEOUT_MS} ms`);
}

export function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, as a process manager would, so PGlite closes cleanly; SIGKILL if it hangs. */
export async function stopServer(child) {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Runs `fn` against a running server and always stops the server afterwards. */
export async function withServer(dataDir, fn, extraEnv = {}) {
  const server = await startServer(dataDir, extraEnv);
  try {
    return await fn(server);
  } finally {
    await stopServer(server.child);
  }
}

/**
 * Cold start, (a) into a new empty data directory (PGlite creates and migrates the database) and
 * (b) into the directory (a) left behind (PGlite only reopens it). A new directory for every round.
 */
export async function measureColdStarts() {
  const newDir = [];
  const existingDir = [];
  let lastDataDir;
  for (let i = 1; i <= RUNS; i++) {
    lastDataDir = makeTempDir();
    newDir.push(await withServer(lastDataDir, async (s) => s.startMs));
    existingDir.push(await withServer(lastDataDir, async (s) => s.startMs));
    console.log(
      `Cold start ${i}/${RUNS}: new data dir ${round(newDir.at(-1))} ms, existing ${round(existingDir.at(-1))} ms`,
    );
  }
  return { newDir, existingDir, lastDataDir };
}
