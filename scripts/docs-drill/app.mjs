// The docs drill's server and its users: the built server started as the systemd unit starts it, and calls
// made as the web app makes them (same origin, a session cookie).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { freePort, waitFor } from '../bench/instances.mjs';

/**
 * The command deploy/sweetwish.service starts (its ExecStart), with this checkout in place of /opt/sweetwish:
 * the unit's Node (the `node` dev dependency) and its arguments, so an edit that breaks them breaks the drill.
 */
export function unitCommand(root) {
  const unit = fs.readFileSync(path.join(root, 'deploy/sweetwish.service'), 'utf8');
  const execStart = /^ExecStart=(.+)$/m.exec(unit)?.[1];
  if (!execStart) throw new Error('deploy/sweetwish.service has no ExecStart');
  const [command, ...args] = execStart.replaceAll('/opt/sweetwish', root).trim().split(/\s+/);
  return { command, args };
}

/** The built server on a free port with exactly `env`, started by the unit's command line. */
export async function startServer(root, env) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { command, args } = unitCommand(root);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // Message notifications at once: the push that proves the moved keys need not wait 20 s.
      MESSAGE_NOTIFICATION_DELAY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${baseUrl}/api/health`, child);
  return {
    baseUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Calls the API as a user whose session is `cookie` (or as a visitor); JSON in and out, non-2xx throws. */
export function apiOf(baseUrl) {
  const call = async (method, pathname, cookie, body, headers = {}) => {
    const res = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: {
        Origin: baseUrl,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined || body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };
  return {
    get: (pathname, cookie) => call('GET', pathname, cookie),
    post: (pathname, cookie, body) => call('POST', pathname, cookie, body),
    /** A money request: tips, purchases, top-ups and withdrawals take an Idempotency-Key (decision 019). */
    pay: (pathname, cookie, body) => call('POST', pathname, cookie, body, { 'Idempotency-Key': randomUUID() }),
  };
}

/** Pays a top-up's checkout on the local card sandbox with its test card, as its page's Pay button does. */
export async function payInSandbox(checkoutUrl) {
  const form = new URLSearchParams({
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    name: 'Drill Fan',
    action: 'pay',
  });
  const res = await fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(checkoutUrl).origin },
    body: form,
    redirect: 'manual',
  });
  await res.body?.cancel();
  if (res.status !== 303) throw new Error(`the sandbox's Pay answered ${res.status}`);
}

/** Waits until `check` answers something truthy (a webhook, a job), or fails after `ms`. */
export async function eventually(what, check, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
