// Stream overlay (decision 031): 500 overlays of ONE creator are open (Server-Sent Events, 250 on each of two
// server instances on one PostgreSQL database) while fans tip that creator through the first instance, a few
// tips a second. Measured: the time from the start of each tip's request to the arrival of its `alert` on each
// open overlay (p50, p99 over every delivery), the p99 of the slowest overlay per tip, and deliveries lost or
// repeated (an alert id an overlay already had).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { stop } from './api.mjs';
import { percentile, startInstance } from './chat.mjs';
import { createBenchDatabase } from './instances.mjs';
import { benchAddress, json, signIn } from './sign-in.mjs';

/** Issue 50's target for a tip's alert on 500 open overlays, its message with it. */
const P99_TARGET_MS = 250;
const OVERLAYS = 500;
const FANS = 20;
const TIPS_PER_SECOND = 4;
const DURATION_S = 15;
/** An alert later than this counts as lost. */
const GIVE_UP_MS = 5_000;

/** Opens one overlay stream; onAlert(id, data, arrivedAt) for every `alert`. Resolves once it is ready. */
async function openOverlay(baseUrl, secret, onAlert) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/overlay/${secret}/events`, { signal: controller.signal });
  if (!res.ok) throw new Error(`overlay events: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let markReady;
  const ready = new Promise((resolve) => {
    markReady = resolve;
  });
  (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const arrivedAt = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = frame.match(/^event: (.*)$/m)?.[1];
          if (event === 'ready') markReady();
          if (event === 'alert') {
            onAlert(
              frame.match(/^id: (.*)$/m)?.[1],
              JSON.parse(frame.match(/^data: (.*)$/m)?.[1] ?? 'null'),
              arrivedAt,
            );
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed
    }
  })();
  await ready;
  return { close: () => controller.abort() };
}

export async function measureOverlay({ root, serverEntry, databaseUrl }) {
  const database = await createBenchDatabase(databaseUrl, 'sweetwish_overlay');
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-overlay-')));
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  };
  const instances = [];
  const streams = [];
  try {
    for (const dataDir of dataDirs)
      instances.push(await startInstance(root, serverEntry, { ...env, DATA_DIR: dataDir }));
    const [a, b] = instances;
    console.log(`Overlay bench: signing in a creator and ${FANS} fans...`);
    const people = [];
    for (let n = 0; n <= FANS; n++) {
      const cookie = await signIn(a.baseUrl, 20_000 + n);
      const address = benchAddress(20_000 + n);
      const headers = {
        'Content-Type': 'application/json',
        Origin: a.baseUrl,
        Cookie: cookie,
        'X-Forwarded-For': address,
      };
      await json(
        await fetch(`${a.baseUrl}/api/profile/complete`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ handle: `bench_ovl_${n}`, displayName: `Bench Overlay ${n}` }),
        }),
      );
      const me = await json(await fetch(`${a.baseUrl}/api/me`, { headers }));
      people.push({ id: me.id, headers });
    }
    const [creator, ...fans] = people;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `select ledger_post('top_up', 'bench:' || id, null, array['external:card', 'wallet:' || id],
       array[-1000000, 1000000]::bigint[]) from users where id <> $1`,
      [creator.id],
    );
    await client.end();
    const { secret } = await json(await fetch(`${a.baseUrl}/api/overlay/settings`, { headers: creator.headers }));

    // Tip k is for k+1 tokens, so an alert names its tip by its amount.
    const waiting = new Map(); // amountCents -> { startedAt, arrived: number[], seenBy: Set }
    let repeated = 0;
    // Each tip carries a fan's message (decision 100): an alert without its tip's message counts as wrong.
    let wrongMessage = 0;
    const latencies = [];
    for (let i = 0; i < OVERLAYS; i++) {
      const instance = i % 2 === 0 ? a : b;
      const ids = new Set();
      streams.push(
        await openOverlay(instance.baseUrl, secret, (id, alert, arrivedAt) => {
          if (ids.has(id)) repeated++;
          ids.add(id);
          const tip = waiting.get(alert.amountCents);
          if (alert.message !== `Thanks for the stream ${alert.amountCents / 100}`) wrongMessage++;
          if (tip) tip.arrived.push(arrivedAt - tip.startedAt);
        }),
      );
    }
    console.log(`Overlay bench: ${streams.length} overlays open; ${TIPS_PER_SECOND} tips/s for ${DURATION_S} s...`);

    const total = TIPS_PER_SECOND * DURATION_S;
    const began = performance.now();
    const requests = [];
    let failed = 0;
    for (let k = 0; k < total; k++) {
      const due = began + (k * 1000) / TIPS_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const fan = fans[k % fans.length];
      const tip = { startedAt: performance.now(), arrived: [] };
      waiting.set((k + 1) * 100, tip);
      requests.push(
        fetch(`${a.baseUrl}/api/tips`, {
          method: 'POST',
          headers: fan.headers,
          body: JSON.stringify({ recipientId: creator.id, amount: k + 1, message: `Thanks for the stream ${k + 1}` }),
        })
          .then(async (res) => {
            await res.arrayBuffer();
            if (res.status !== 201) failed++;
          })
          .catch(() => {
            failed++;
          }),
      );
    }
    await Promise.all(requests);
    // Every delivery arrives or is given up on.
    const deadline = performance.now() + GIVE_UP_MS;
    while (performance.now() < deadline && [...waiting.values()].some((t) => t.arrived.length < OVERLAYS)) {
      await sleep(50);
    }
    const slowest = [];
    let lost = 0;
    for (const tip of waiting.values()) {
      latencies.push(...tip.arrived);
      lost += OVERLAYS - tip.arrived.length;
      if (tip.arrived.length > 0) slowest.push(Math.max(...tip.arrived));
    }
    latencies.sort((x, y) => x - y);
    slowest.sort((x, y) => x - y);
    return {
      overlays: streams.length,
      tips: total,
      failed,
      deliveries: latencies.length,
      lost,
      repeated,
      wrongMessage,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      slowestOverlayP99Ms: Math.round(percentile(slowest, 99) * 10) / 10,
      maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
      // Issue 50: from a tip (with its message) to its alert on 500 open overlays, p99 at most 250 ms.
      targetP99Ms: P99_TARGET_MS,
      meetsTarget: percentile(latencies, 99) <= P99_TARGET_MS && lost === 0 && repeated === 0 && wrongMessage === 0,
    };
  } finally {
    for (const stream of streams) stream.close();
    for (const instance of instances) await stop(instance.child);
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
