// What every PostgreSQL bench needs: a database of its own and the built server started on it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited during start`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.body?.cancel();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in time`);
}

export async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A new database on the server of `databaseUrl`: its URL, a connection to the server's own database
 * (for pg_stat_database), and drop(), which removes it even with connections still open.
 */
export async function createBenchDatabase(databaseUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The built server on a free port with its own data directory (the card sandbox keeps its keys there,
 * never in the repository's ./data), silent, answering /api/health. `env` adds or overrides variables.
 */
export async function startApp({ root, serverEntry, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/health`, child);
  } catch (err) {
    await close();
    throw err;
  }
  return { child, url, close };
}
