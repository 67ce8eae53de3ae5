// The bench's Lighthouse runs: scores and metrics of the pages fans land on, median of three.

import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createBenchCreator } from './profile-page.mjs';
import { CHROME_FLAGS, CHROME_PATH, median, RUNS, round } from './server.mjs';

// ---------------------------------------------------------------------------------------------------------
// 4. Lighthouse

/**
 * One Lighthouse run in a fresh Chrome (fresh profile, no cache carried over between runs). `jsOnly`
 * gathers only the network requests (for the JavaScript figures), without the scores.
 */
export async function runLighthouse(url, options = {}) {
  try {
    return await runLighthouseOnce(url, options);
  } catch (err) {
    // NO_NAVSTART (no navigation in the trace) comes and goes on a loaded machine: one more try.
    if (!String(err.message).includes('NO_NAVSTART')) throw err;
    console.warn(`Lighthouse: ${url} gave no trace (NO_NAVSTART); running it again.`);
    return runLighthouseOnce(url, options);
  }
}

export async function runLighthouseOnce(url, { jsOnly = false, categories = ['performance', 'accessibility'] } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    // The default config is mobile with simulated throttling, which is what we want to report.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      ...(jsOnly ? { onlyAudits: ['network-requests'] } : { onlyCategories: categories }),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    for (const id of jsOnly ? [] : categories) {
      if (typeof lhr.categories[id]?.score !== 'number') throw new Error(`Lighthouse gave no ${id} score`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** The run's metrics behind the performance score. */
export function lighthouseMetrics(lhr) {
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    firstContentfulPaintMs: round(metric('first-contentful-paint') ?? Number.NaN),
    largestContentfulPaintMs: round(metric('largest-contentful-paint') ?? Number.NaN),
    totalBlockingTimeMs: round(metric('total-blocking-time') ?? Number.NaN),
    cumulativeLayoutShift: round(metric('cumulative-layout-shift') ?? Number.NaN, 3),
    speedIndexMs: round(metric('speed-index') ?? Number.NaN),
  };
}

/** A category's scored audits that did not pass, so developers know what to fix. */
export function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => typeof audit?.score === 'number' && audit.score < 1)
    .map((audit) => ({ id: audit.id, title: audit.title }));
}

/** The page's largest contentful paint element as Lighthouse labels it (its text, cut short), if it found one. */
export function lcpElement(lhr) {
  // Lighthouse 13: the LCP breakdown insight lists the subparts' table and then the element's node.
  const node = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node');
  if (!node) return 'none';
  const label = node.nodeLabel ?? node.selector ?? '?';
  return JSON.stringify(label.length > 40 ? `${label.slice(0, 40)}…` : label);
}

/** chrome-launcher crashes the process (unhandled 'error' event) on a bad path: check it before anything. */
export function checkChrome() {
  try {
    fs.accessSync(CHROME_PATH, fs.constants.X_OK);
  } catch {
    throw new Error(`Chromium not found at ${CHROME_PATH}: set CHROME_PATH`);
  }
}

/**
 * The pages people land on, with their Lighthouse targets (performance | accessibility | best practices):
 * issue 44's: 98 on the pages a shared link opens, 95 on the landing page and sign-in, accessibility and best
 * practices 100 on all four.
 */
export const PAGES = [
  { page: '/', targets: { performance: 95, accessibility: 100, 'best-practices': 100 } },
  { page: '/sign-in', targets: { performance: 95, accessibility: 100, 'best-practices': 100 } },
  { page: '/{handle}', targets: { performance: 98, accessibility: 100, 'best-practices': 100 } },
  { page: '/x/{id}', targets: { performance: 98, accessibility: 100, 'best-practices': 100 } },
];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/**
 * Lighthouse's scores (mobile, simulated throttling; the median of RUNS runs each) on the pages of PAGES, for
 * a first-time visitor, with a creator with wishes made first (the server must run with `previewEnv()`).
 * BENCH_PAGES (e.g. `/sign-in,/x/{id}`) limits it to those pages. Also gives the landing page's first report,
 * whose network records give its JavaScript figure.
 */
export async function measurePages(server, env) {
  const handle = await createBenchCreator({ url: server.url, origin: server.publicOrigin, env });
  const profile = await fetch(`${server.url}/api/users/${handle}/page`).then((res) => res.json());
  const wish = profile.wishes.find((w) => !w.archived) ?? profile.wishes[0];
  const pathOf = { '/': '/', '/sign-in': '/sign-in', '/{handle}': `/${handle}`, '/x/{id}': `/x/${wish.id}` };
  const only = process.env.BENCH_PAGES?.split(',');
  const pages = [];
  let landingLhr;
  for (const { page, targets } of PAGES.filter(({ page }) => !only || only.includes(page))) {
    const runs = [];
    // Failing audits of the deterministic categories, each listed once however many runs it failed in.
    const failing = new Map();
    for (let i = 1; i <= RUNS; i++) {
      const lhr = await runLighthouse(`${server.url}${pathOf[page]}`, { categories: CATEGORIES });
      if (page === '/') landingLhr ??= lhr;
      saveReport(lhr, page, i);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)]));
      const metrics = lighthouseMetrics(lhr);
      runs.push({ ...scores, metrics });
      for (const category of ['accessibility', 'best-practices']) {
        for (const audit of failingAudits(lhr, category)) failing.set(audit.id, { category, ...audit });
      }
      console.log(
        `Lighthouse ${page} ${i}/${RUNS}: ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')} ` +
          `(FCP ${metrics.firstContentfulPaintMs} ms, LCP ${metrics.largestContentfulPaintMs} ms, ` +
          `TBT ${metrics.totalBlockingTimeMs} ms, CLS ${metrics.cumulativeLayoutShift}; LCP element ${lcpElement(lhr)})`,
      );
    }
    for (const a of failing.values()) console.log(`  failing ${a.category} audit ${a.id}: ${a.title}`);
    const medians = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((run) => run[id]))]));
    pages.push({ page, ...medians, targets, failingAudits: [...failing.values()], runs });
  }
  return { pages, landingLhr };
}

/**
 * With BENCH_LHR_DIR set, the page scores (`--pages-only`, or the full bench) write each full Lighthouse
 * report there (JSON, one per page and run), for looking into a score beyond the lines they print.
 */
function saveReport(lhr, page, run) {
  const dir = process.env.BENCH_LHR_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'landing';
  fs.writeFileSync(path.join(dir, `${name}-${run}.json`), JSON.stringify(lhr));
}
