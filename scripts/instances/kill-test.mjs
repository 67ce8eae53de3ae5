// Issue 18, item 1: three instances on one PostgreSQL database behind HAProxy (deploy/haproxy.cfg as
// shipped), 100 live-event streams open, a bounded load of tips, purchases and chat messages through the
// balancer; one instance is killed (SIGKILL) mid-load and started again, then another is restarted with
// SIGTERM. Then: every acknowledged tip and purchase is in the ledger exactly once, the ledger reconciles,
// every stream reconnected and its client shows what a fresh load shows. Needs the built server
// (npm run build), TEST_DATABASE_URL and Debian's haproxy; prints the figures.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../bench/api.mjs';
import { percentile } from '../bench/chat.mjs';
import { benchAddress, signIn } from '../bench/sign-in.mjs';
import { createApi } from './balancer-api.mjs';
import { createInstance, startBalancer, waitUntilServing } from './cluster.mjs';
import { loadState, openLiveClient } from './live-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PAIRS = 50; // 50 fans and 50 creators: 100 streams
const WRITES_PER_SECOND = 10;
/** Load before the kill, between the kill's recovery and the SIGTERM, and after it. */
const CALM_MS = 3_000;
const SETTLE_TIMEOUT_MS = 20_000;

async function setUpPeople(api, balancerUrl, databaseUrl) {
  const people = [];
  for (let first = 0; first < PAIRS * 2; first += 10) {
    const batch = Array.from({ length: 10 }, (_, k) => first + k);
    people.push(
      ...(await Promise.all(
        batch.map(async (n) => {
          const user = {
            n,
            handle: `kill_${n}`,
            cookie: await signIn(balancerUrl, 20_000 + n),
            address: benchAddress(20_000 + n),
          };
          await api.post('/api/profile/complete', user, { handle: user.handle, displayName: `Kill Test ${n}` });
          user.id = (await api.get('/api/me', user)).id;
          return user;
        }),
      )),
    );
  }
  const fans = people.filter((p) => p.n % 2 === 0);
  const creators = people.filter((p) => p.n % 2 === 1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(
    `select ledger_post('top_up', 'kill-test:' || id, null, array['external:card', 'wallet:' || id],
     array[-1000000, 1000000]::bigint[]) from users where id = any($1)`,
    [fans.map((f) => f.id)],
  );
  await client.end();
  const pairs = await Promise.all(
    fans.map(async (fan, i) => {
      const creator = creators[i];
      const wish = await api.post('/api/wishes', creator, { name: `Wish ${i}`, cost: 20 });
      const { tipId } = await api.post('/api/tips', fan, { recipientId: creator.id, amount: 1 });
      const { conversationId } = await api.post('/api/conversations', fan, { type: 'purchase', purchaseId: tipId });
      fan.conversationId = conversationId;
      creator.conversationId = conversationId;
      return { fan, creator, wishId: wish.id };
    }),
  );
  return { people, pairs };
}

async function main() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log('skipped: set TEST_DATABASE_URL (a PostgreSQL server) to run the instances test');
    return;
  }
  const began = performance.now();
  const name = `sweetwish_kill_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  const ports = [await freePort(), await freePort(), await freePort()];
  const balancerPort = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
    // The test client and HAProxy: two proxies name the client in X-Forwarded-For.
    TRUST_PROXY: '2',
    LOG_LEVEL: 'warn',
  };
  const instances = ports.map((port, i) => createInstance({ root, env, name: `app${i + 1}`, port }));
  let balancer;
  const clients = [];
  try {
    // All three at once: migrations run once (an advisory lock), whichever instance takes it first.
    await Promise.all(instances.map((instance) => instance.start()));
    balancer = await startBalancer({ root, instances, port: balancerPort });
    const api = createApi(balancer.baseUrl);
    const { people, pairs } = await setUpPeople(api, balancer.baseUrl, databaseUrl);
    const step = (what) =>
      console.log(`instances test: ${what} at ${((performance.now() - began) / 1000).toFixed(1)} s`);
    step('100 people signed in');

    const errors = { kill: 0, sigterm: 0, calm: 0, reads: 0 };
    let phase = 'calm';
    const readErrors = [];
    for (const user of people) {
      clients.push(
        openLiveClient({
          api,
          baseUrl: balancer.baseUrl,
          user,
          onReadError: (err) => {
            errors[phase]++;
            readErrors.push(`${phase}: ${err.message} ${err.cause?.code ?? err.cause?.message ?? ''}`);
          },
        }),
      );
    }
    await Promise.all(clients.map((c) => c.ready));
    step(`${clients.length} streams open through HAProxy; load at ${WRITES_PER_SECOND} writes/s`);

    // The load: tips, purchases and messages at a fixed rate, whatever the answers take.
    const acknowledged = { tip: [], standard: [] };
    const unanswered = { tip: 0, standard: 0 };
    const writeErrors = [];
    let isLoading = true;
    const inFlight = new Set();
    const load = (async () => {
      const started = performance.now();
      for (let k = 0; isLoading; k++) {
        const wait = started + (k * 1000) / WRITES_PER_SECOND - performance.now();
        if (wait > 0) await sleep(wait);
        const pair = pairs[k % pairs.length];
        const kind = ['tip', 'standard', 'message'][k % 3];
        const writePhase = phase;
        const write =
          kind === 'tip'
            ? api
                .post('/api/tips', pair.fan, { recipientId: pair.creator.id, amount: 1 })
                .then((r) => acknowledged.tip.push(r.tipId))
            : kind === 'standard'
              ? api
                  .post('/api/purchases', pair.fan, { productId: pair.wishId, sellerId: pair.creator.id })
                  .then((r) => acknowledged.standard.push(r.purchaseId))
              : api.post(`/api/conversations/${pair.fan.conversationId}/messages`, k % 2 ? pair.fan : pair.creator, {
                  type: 'text',
                  content: `message ${k}`,
                });
        const tracked = write
          .catch((err) => {
            const errorPhase = writePhase === 'calm' ? phase : writePhase;
            errors[errorPhase]++;
            writeErrors.push(`${errorPhase}: ${err.message} ${err.cause?.code ?? err.cause?.message ?? ''}`);
            if (kind !== 'message') unanswered[kind]++;
          })
          .finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
      }
    })();

    await sleep(CALM_MS);
    const [killed, terminated] = [instances[1], instances[2]];
    phase = 'kill';
    await killed.kill();
    const killedAt = performance.now();
    step('SIGKILL sent');
    await killed.start();
    await waitUntilServing(killed);
    step('killed instance serving again');
    // HAProxy takes the instance back after two good checks (rise 2, inter 1s).
    await sleep(2_500);
    const killRecoveryMs = performance.now() - killedAt;
    phase = 'calm';
    await sleep(CALM_MS);
    phase = 'sigterm';
    step('SIGTERM sent');
    const exit = await terminated.terminate();
    await terminated.start();
    await waitUntilServing(terminated);
    step('stopped instance serving again');
    await sleep(2_500);
    phase = 'calm';
    await sleep(CALM_MS);
    isLoading = false;
    await load;
    await Promise.all(inFlight);

    // Every client ends where a fresh load is: wait for the events and refetches to arrive.
    const fresh = new Map();
    for (const client of clients) fresh.set(client.user.id, await loadState(api, client.user));
    const comparable = ({ balanceCents, received, messages }) => JSON.stringify({ balanceCents, received, messages });
    const matches = (c) => c.isSettled() && comparable(c.state) === comparable(fresh.get(c.user.id));
    const deadline = performance.now() + SETTLE_TIMEOUT_MS;
    while (performance.now() < deadline && !clients.every(matches)) await sleep(100);
    const stale = clients.filter((c) => !matches(c));
    step('clients compared with a fresh load');

    // The ledger: every acknowledged tip and purchase once, with its transfer; nothing more than was asked.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const failures = [];
    for (const type of ['tip', 'standard']) {
      const ids = acknowledged[type];
      const { rows } = await db.query(
        `select p.id, count(t.id)::int as transfers from purchases p
         join ledger_transfers t on t.id = p.transfer_id and t.kind = $2
         where p.id = any($1) group by p.id`,
        [ids, type === 'tip' ? 'tip' : 'purchase'],
      );
      const found = new Map(rows.map((r) => [r.id, r.transfers]));
      const missing = ids.filter((id) => found.get(id) !== 1);
      if (missing.length) failures.push(`${missing.length} acknowledged ${type}s are not in the ledger exactly once`);
      const { rows: all } = await db.query(
        `select count(*)::int as n from purchases where type = $1 and buyer_id = any($2)`,
        [type, pairs.map((p) => p.fan.id)],
      );
      const made = all[0].n - (type === 'tip' ? PAIRS : 0); // the set-up tips
      if (made < ids.length || made > ids.length + unanswered[type]) {
        failures.push(`${made} ${type}s made for ${ids.length} acknowledged and ${unanswered[type]} unanswered`);
      }
    }
    await db.end();
    const reconciliation = execFileSync(process.execPath, [path.join(root, 'apps/server/dist/reconcile.js')], {
      cwd: root,
      env: { ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    }).trim();
    if (reconciliation !== 'ok') failures.push(`reconciliation: ${reconciliation}`);

    const reconnects = clients.flatMap((c) => c.reconnectMs).sort((a, b) => a - b);
    const gaveUp = clients.filter((c) => c.failed || c.source.readyState !== c.source.OPEN);
    const neverMoved = clients.filter((c) => c.opens < 2).length;
    if (gaveUp.length) failures.push(`${gaveUp.length} streams did not reconnect`);
    if (stale.length) {
      const c = stale[0];
      failures.push(
        `${stale.length} clients differ from a fresh load, e.g. ${c.user.handle}: ${JSON.stringify(c.state)} against ${JSON.stringify(fresh.get(c.user.id))}`,
      );
    }
    if (errors.sigterm > 0) failures.push(`${errors.sigterm} client errors during the SIGTERM restart`);
    if (errors.calm > 0) failures.push(`${errors.calm} client errors while every instance was up`);
    if (exit.code !== 0) failures.push(`the SIGTERM'd instance exited with ${exit.code}`);

    console.log(
      [
        `instances test: ${api.sent} requests sent through HAProxy (${acknowledged.tip.length} tips and ${acknowledged.standard.length} purchases acknowledged)`,
        `  SIGKILL: ${errors.kill} client errors while the instance was down and coming back (${Math.round(killRecoveryMs)} ms)`,
        `  SIGTERM: ${errors.sigterm} client errors; the instance exited in ${Math.round(exit.ms)} ms`,
        `  reconnections: ${reconnects.length} (${neverMoved} streams never moved); p50 ${Math.round(percentile(reconnects, 50))} ms, p99 ${Math.round(percentile(reconnects, 99))} ms, max ${Math.round(reconnects.at(-1) ?? 0)} ms`,
        `  clients matching a fresh load: ${clients.length - stale.length}/${clients.length}; reconciliation: ${reconciliation}`,
        `  took ${((performance.now() - began) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );
    if (failures.length) {
      const seen = [...writeErrors, ...readErrors].filter((line) => !line.startsWith('kill'));
      for (const line of seen.slice(0, 10)) console.error(`  error seen: ${line.slice(0, 200)}`);
      const states = balancer.log
        .join('')
        .split('\n')
        .filter((line) => /is (UP|DOWN)/.test(line));
      for (const line of states) console.error(`  haproxy: ${line}`);
      throw new Error(`instances test failed:\n  ${failures.join('\n  ')}`);
    }
  } finally {
    for (const client of clients) client.close();
    await balancer?.stop();
    for (const instance of instances) await instance.cleanup();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
