// Live messages (issue: conversations): 200 signed-in users hold their event streams open, split over two
// server instances on one PostgreSQL database, while 50 messages a second are sent through either instance.
// Measured: the time from the start of each send to the arrival of its `messages` event on the other
// participant's stream (p50, p99), and the messages per second the run sustained; after 100 messages of
// warm-up through both instances, which are not counted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, stop, waitFor } from './api.mjs';
import { benchAddress, json, signIn } from './sign-in.mjs';

const USERS = 200;
const MESSAGES_PER_SECOND = 50;
const DURATION_S = 20;
/** Sent first at the same rate and not counted (see sendMessages' call). */
const WARM_UP_MESSAGES = 100;
/** An event later than this counts as lost. */
const GIVE_UP_MS = 5_000;

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Opens a user's event stream and calls onEvent(data, arrivedAt) for every `change` event, until the
 * returned function closes it. Resolves once the stream said it is ready.
 */
async function openStream(baseUrl, cookie, onEvent) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { Cookie: cookie }, signal: controller.signal });
  if (!res.ok) throw new Error(`events: ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let isReady = false;
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
          if (frame.startsWith('event: ready')) {
            isReady = true;
            markReady();
          }
          const data = frame.match(/^event: change\ndata: (.*)$/m)?.[1];
          if (data) onEvent(JSON.parse(data), arrivedAt);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // closed
    }
  })();
  await ready;
  return { close: () => controller.abort(), isReady: () => isReady };
}

/** A built server on a free port with `env`, trusting one proxy (each bench user names its own address). */
export async function startInstance(root, serverEntry, env, nodeArgs = []) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'true' },
  });
  await waitFor(`${baseUrl}/api/health`, child);
  return { baseUrl, child };
}

export async function measureChat({ root, serverEntry, databaseUrl, nodeArgs = [] }) {
  const name = `sweetwish_chat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const appDbUrl = new URL(databaseUrl);
  appDbUrl.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-bench-chat-')));
  const env = {
    ...process.env,
    DATABASE_URL: appDbUrl.toString(),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  };
  const instances = [];
  const streams = [];
  try {
    for (const dataDir of dataDirs) {
      instances.push(await startInstance(root, serverEntry, { ...env, DATA_DIR: dataDir }, nodeArgs));
    }
    const [a, b] = instances;
    console.log(`Chat bench: signing in ${USERS} users, pairing them in ${USERS / 2} conversations...`);
    const users = [];
    for (let n = 0; n < USERS; n++) {
      const cookie = await signIn(a.baseUrl, 10_000 + n);
      // Each user writes from an address of their own: writes are limited per address as well as per user.
      const address = benchAddress(10_000 + n);
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
          body: JSON.stringify({ handle: `bench_chat_${n}`, displayName: `Bench Chat ${n}` }),
        }),
      );
      const me = await json(await fetch(`${a.baseUrl}/api/me`, { headers }));
      users.push({ n, id: me.id, cookie, address });
    }
    const client = new pg.Client({ connectionString: appDbUrl.toString() });
    await client.connect();
    await client.query(
      `select ledger_post('top_up', 'bench:' || id, null, array['external:card', 'wallet:' || id],
       array[-10000, 10000]::bigint[]) from users`,
    );
    await client.end();
    // Pair i: fan 2i tips creator 2i+1, then opens the tip's conversation.
    const conversations = [];
    for (let i = 0; i < USERS / 2; i++) {
      const fan = users[2 * i];
      const creator = users[2 * i + 1];
      const headers = {
        'Content-Type': 'application/json',
        Origin: a.baseUrl,
        Cookie: fan.cookie,
        'X-Forwarded-For': fan.address,
      };
      const { tipId } = await json(
        await fetch(`${a.baseUrl}/api/tips`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ recipientId: creator.id, amount: 1 }),
        }),
      );
      const { conversationId } = await json(
        await fetch(`${a.baseUrl}/api/conversations`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ type: 'purchase', purchaseId: tipId }),
        }),
      );
      conversations.push({ id: conversationId, people: [fan, creator] });
    }

    // Every user's stream, on the instance of the other half from the one their partner sends through.
    const waiting = new Map(); // `${userId} ${conversationId}` -> queue of { startedAt, resolve }
    for (const user of users) {
      const instance = user.n % 2 === 0 ? b : a;
      streams.push(
        await openStream(instance.baseUrl, user.cookie, (event, arrivedAt) => {
          if (event.topic !== 'messages') return;
          const queue = waiting.get(`${user.id} ${event.conversationId}`);
          const next = queue?.shift();
          if (next) next.resolve(arrivedAt - next.startedAt);
        }),
      );
    }
    /** Sends `total` messages at MESSAGES_PER_SECOND, numbered from `first`, and waits for their arrivals. */
    const sendMessages = async (first, total) => {
      let sent = 0;
      let failed = 0;
      let lost = 0;
      const latencies = [];
      const pending = [];
      const began = performance.now();
      for (let k = first; k < first + total; k++) {
        const due = began + ((k - first) * 1000) / MESSAGES_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        const conversation = conversations[k % conversations.length];
        const sender = conversation.people[k % 2];
        const recipient = conversation.people[(k + 1) % 2];
        // Sends go through the instance the sender's stream is not on, so every event crosses instances.
        const instance = sender.n % 2 === 0 ? a : b;
        const startedAt = performance.now();
        const arrival = new Promise((resolve) => {
          const key = `${recipient.id} ${conversation.id}`;
          if (!waiting.has(key)) waiting.set(key, []);
          waiting.get(key).push({ startedAt, resolve });
          setTimeout(() => resolve(undefined), GIVE_UP_MS);
        });
        pending.push(
          fetch(`${instance.baseUrl}/api/conversations/${conversation.id}/messages`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Origin: instance.baseUrl,
              Cookie: sender.cookie,
              'X-Forwarded-For': sender.address,
            },
            body: JSON.stringify({ type: 'text', content: `bench message ${k}` }),
          })
            .then(async (res) => {
              await res.arrayBuffer();
              if (res.status === 201) sent++;
              else failed++;
            })
            .catch(() => {
              failed++;
            }),
          arrival.then((ms) => {
            if (ms === undefined) lost++;
            else latencies.push(ms);
          }),
        );
      }
      await Promise.all(pending);
      return { sent, failed, lost, latencies, elapsedS: (performance.now() - began) / 1000 };
    };

    // The setup above goes through instance a only, so b's first sends open its database connections and run
    // code not yet optimised: 100-930 ms each for its first 50 or so, enough to set the p99 of 1,000 alone.
    // Measured from a warm state, as a running service is. The message notifications the warm-up queues fall
    // due 20 s later (MESSAGE_NOTIFICATION_DELAY_SECONDS), inside the measured run, as they would in service.
    console.log(`Chat bench: ${streams.length} streams open; ${WARM_UP_MESSAGES} messages to warm up...`);
    const warmUp = await sendMessages(0, WARM_UP_MESSAGES);
    // A warm-up send that failed or never arrived would go unseen, and a late arrival would be matched to a
    // measured send: the measurement fails instead.
    if (warmUp.failed > 0 || warmUp.lost > 0) {
      throw new Error(`chat bench warm-up: ${warmUp.failed} sends failed, ${warmUp.lost} events never arrived`);
    }
    console.log(`Chat bench: ${MESSAGES_PER_SECOND} messages/s for ${DURATION_S} s...`);
    const { sent, failed, lost, latencies, elapsedS } = await sendMessages(
      WARM_UP_MESSAGES,
      MESSAGES_PER_SECOND * DURATION_S,
    );
    latencies.sort((x, y) => x - y);
    return {
      streams: streams.length,
      offeredPerSecond: MESSAGES_PER_SECOND,
      sustainedPerSecond: Math.round((sent / elapsedS) * 10) / 10,
      sent,
      failed,
      lost,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
    };
  } finally {
    for (const stream of streams) stream.close();
    for (const instance of instances) await stop(instance.child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}
