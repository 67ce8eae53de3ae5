// Benchmark of the production build: server cold start, the initial JavaScript of the landing page, of a
// public profile page (/{handle}) and of a public wish page (/x/{id}), and Lighthouse scores. Run with
// `npm run bench`; `npm run bench -- --js-only` measures only the three JavaScript figures (no cold start, scores or API bench, no results file);
// `--pages-only` only Lighthouse's scores on `/`, `/sign-in`, `/{handle}` and `/x/{id}` and the JavaScript figures,
// against their targets (no results file);
// `--api-only` only the PostgreSQL figures (idle instance, API, tips, pgbench, reconciliation, live messages).
// `--insights-only` a creator's insights API over 1,000,000 gifts and 5,000,000 visits, and a visit's counting cost.
// `--chat-only` only the live messages figures; `--overlay-only` gift-to-overlay latency with 500 overlays
// open; `--idle-only` only the idle instance's; `--tips-only` tips beside pgbench; `--search-only` search
// (a new term per request, four classes, 1 and 50 connections), profile and wishlist (public cache on and off)
// beside a bare Hono handler. `--large` searches among 1,000,000 users instead of 100,000. Every run prints the
// machine's core count and (except --js-only, --chat-only, --idle-only, --tips-only) writes bench-results/<time>.json.
// It reports figures against targets and exits 0 even when a target is missed; it exits non-zero only when
// a measurement itself fails (build, server start, Lighthouse).

import fs from 'node:fs';
import os from 'node:os';
import { measureApi } from './bench/api.mjs';
import { measureChat } from './bench/chat.mjs';
import { measureIdle } from './bench/idle.mjs';
import { measureInsights } from './bench/insights.mjs';
import { checkChrome, measurePages, runLighthouse } from './bench/lighthouse.mjs';
import { measureOverlay } from './bench/overlay.mjs';
import { measurePageJs, measureProfileJs, measureWishJs } from './bench/page-js.mjs';
import { previewEnv } from './bench/profile-page.mjs';
import {
  apiRows,
  buildRows,
  idleRows,
  insightsRows,
  jsRows,
  measureBare,
  pageRows,
  printDetails,
  printMachine,
  printTable,
  searchRows,
  writeResults,
} from './bench/report.mjs';
import {
  ensureBuild,
  liveServers,
  makeTempDir,
  measureColdStarts,
  median,
  ROOT,
  round,
  SERVER_ENTRY,
  stopServer,
  tempDirs,
  withServer,
} from './bench/server.mjs';
import { measureTips } from './bench/tips.mjs';

/** The API figures need PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server. */
const DATABASE_URL =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Creators to search among: 100,000, or 1,000,000 with --large (to see how search grows). */
let searchUsers = 100_000;

async function measureApiIfPostgres() {
  const databaseUrl = DATABASE_URL;
  try {
    const options = { root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl, users: searchUsers };
    return {
      // First, while the database server is quiet.
      idle: await measureIdle(options),
      ...(await measureApi(options)),
      ...(await measureTips(options)),
      chat: await measureChat(options),
    };
  } catch (err) {
    if (err?.code === 'ECONNREFUSED') {
      console.log(`\nAPI bench skipped: no PostgreSQL at ${databaseUrl}`);
      return undefined;
    }
    throw err;
  }
}
// ---------------------------------------------------------------------------------------------------------

/** `--js-only`: the three JavaScript figures alone, on one server in a new data directory. */
async function mainJsOnly() {
  const began = performance.now();
  checkChrome();
  await ensureBuild();
  const env = previewEnv();
  const { landingJs, profileJs, wishJs } = await withServer(
    makeTempDir(),
    async (server) => {
      const landingJs = measurePageJs(await runLighthouse(`${server.url}/`, { jsOnly: true }));
      const profileJs = await measureProfileJs(server, env);
      return { landingJs, profileJs, wishJs: await measureWishJs(server, profileJs.path.slice(1)) };
    },
    env,
  );
  printDetails({ landingJs, profileJs, wishJs });
  printTable(jsRows({ landingJs, profileJs, wishJs, bare: await measureBare() }));
  console.log(`\nBench (JavaScript only, no results file) took ${round((performance.now() - began) / 1000, 1)} s.`);
}

/** `--pages-only`: the page scores of the full bench alone (measurePages), on a new data directory. No results file. */
async function mainPagesOnly() {
  const began = performance.now();
  checkChrome();
  await ensureBuild();
  const env = previewEnv();
  const { pages, landingJs, profileJs, wishJs } = await withServer(
    makeTempDir(),
    async (server) => {
      const { pages, landingLhr } = await measurePages(server, env);
      const profileJs = await measureProfileJs(server, env);
      const landingJs = measurePageJs(landingLhr ?? (await runLighthouse(`${server.url}/`, { jsOnly: true })));
      return { pages, landingJs, profileJs, wishJs: await measureWishJs(server, profileJs.path.slice(1)) };
    },
    env,
  );
  printTable([...pageRows(pages), ...jsRows({ landingJs, profileJs, wishJs, bare: await measureBare() })]);
  console.log(`\nBench (pages only, ${os.cpus().length} cores) took ${secondsSince(began)} s.`);
}

async function main() {
  const began = performance.now();
  checkChrome();
  const build = await ensureBuild();

  const starts = await measureColdStarts();
  const coldStart = {
    newDirMs: starts.newDir.map((ms) => round(ms)),
    existingDirMs: starts.existingDir.map((ms) => round(ms)),
    newDirMedianMs: median(starts.newDir),
    existingDirMedianMs: median(starts.existingDir),
  };

  // Lighthouse measures the app as a user meets it after a restart: existing data dir, with the preview
  // account on to create the creator whose pages are measured.
  const env = previewEnv();
  const { pages, landingJs, profileJs, wishJs } = await withServer(
    starts.lastDataDir,
    async (server) => {
      const { pages, landingLhr } = await measurePages(server, env);
      const profileJs = await measureProfileJs(server, env);
      return {
        pages,
        // Which scripts load does not depend on throttling: the first run's network records suffice.
        landingJs: measurePageJs(landingLhr ?? (await runLighthouse(`${server.url}/`, { jsOnly: true }))),
        profileJs,
        wishJs: await measureWishJs(server, profileJs.path.slice(1)),
      };
    },
    env,
  );

  const bare = await measureBare();
  const rows = buildRows({ coldStart, landingJs, profileJs, wishJs, bare, pages });
  const api = await measureApiIfPostgres();
  if (api) {
    rows.push(...apiRows(api));
    api.insights = await measureInsights({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl: DATABASE_URL });
    rows.push(...insightsRows(api.insights));
  }
  printDetails({ landingJs, profileJs, wishJs });
  printTable(rows);
  const durationS = secondsSince(began);
  console.log(`\nBench took ${durationS} s.`);

  writeResults({
    date: new Date().toISOString(),
    node: process.version,
    build,
    durationS,
    rows,
    coldStart,
    landingJs,
    profileJs,
    wishJs,
    bare,
    lighthouse: pages,
    api,
  });
}

/** `--api-only`: the PostgreSQL figures alone (idle, API, tips, pgbench, reconciliation, live messages). */
async function mainApiOnly() {
  await ensureBuild();
  const began = performance.now();
  const api = await measureApiIfPostgres();
  if (!api) return;
  const rows = apiRows(api);
  printTable(rows);
  writeResults({ date: new Date().toISOString(), mode: 'api-only', durationS: secondsSince(began), rows, api });
}

/** `--search-only`: search, profile and wishlist beside the Hono baseline, no other PostgreSQL figure. */
async function mainSearchOnly() {
  await ensureBuild();
  const began = performance.now();
  const api = await measureApi({
    root: ROOT,
    serverEntry: SERVER_ENTRY,
    databaseUrl: DATABASE_URL,
    users: searchUsers,
  });
  const rows = searchRows(api);
  printTable(rows);
  writeResults({ date: new Date().toISOString(), mode: 'search-only', durationS: secondsSince(began), rows, api });
}

function secondsSince(began) {
  return round((performance.now() - began) / 1000, 1);
}

/** `--chat-only`: the live messages figures alone; no results file. */
async function mainChatOnly() {
  await ensureBuild();
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const chat = await measureChat({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl });
  console.log(JSON.stringify(chat, null, 2));
}

/**
 * `--overlay-only`: gift-to-overlay latency with 500 overlays of one creator open over two instances
 * (scripts/bench/overlay.mjs, decision 031); no results file.
 */
async function mainOverlayOnly() {
  await ensureBuild();
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  console.log(JSON.stringify(await measureOverlay({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl }), null, 2));
}

/** `--tips-only`: tips to one creator beside pgbench, and reconciliation; no results file. */
async function mainTipsOnly() {
  await ensureBuild();
  console.log(
    JSON.stringify(await measureTips({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl: DATABASE_URL }), null, 2),
  );
}

/** `--insights-only`: a creator's insights over 1,000,000 gifts and 5,000,000 visits, and counting a visit. */
async function mainInsightsOnly() {
  await ensureBuild();
  const insights = await measureInsights({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl: DATABASE_URL });
  console.log(
    `12 months' first reads (ms, the kept top supporters rebuilt): ${insights.twelveMonthsFirstReadsMs.join(', ')}`,
  );
  printTable(insightsRows(insights));
}

/** `--idle-only`: the idle instance's figures alone; no results file. */
async function mainIdleOnly() {
  await ensureBuild();
  const databaseUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  printTable(idleRows(await measureIdle({ root: ROOT, serverEntry: SERVER_ENTRY, databaseUrl })));
}

const MODES = {
  '--js-only': mainJsOnly,
  '--pages-only': mainPagesOnly,
  '--api-only': mainApiOnly,
  '--chat-only': mainChatOnly,
  '--idle-only': mainIdleOnly,
  '--insights-only': mainInsightsOnly,
  '--overlay-only': mainOverlayOnly,
  '--search-only': mainSearchOnly,
  '--tips-only': mainTipsOnly,
};
const args = process.argv.slice(2).filter((arg) => arg !== '--large');
if (args.length < process.argv.length - 2) searchUsers = 1_000_000;
try {
  const unknown = args.filter((arg) => !(arg in MODES));
  if (unknown.length || args.length > 1) {
    throw new Error(
      `unknown arguments ${args.join(' ')} (options: one of ${Object.keys(MODES).join(', ')}, and --large)`,
    );
  }
  printMachine();
  await (args.length ? MODES[args[0]]() : main());
} catch (err) {
  console.error(`\nBench failed: ${err?.stack ?? err}`);
  process.exitCode = 1;
} finally {
  for (const child of liveServers) await stopServer(child);
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
