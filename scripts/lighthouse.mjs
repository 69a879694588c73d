#!/usr/bin/env node
// Lighthouse (mobile preset) against a running site: starts no server, only the system Chromium.
// Usage: node scripts/lighthouse.mjs [baseUrl] [--runs N] [--json out.json] [--min-performance N]
//   baseUrl defaults to http://127.0.0.1:3100 (the port scripts/e2e-locked.sh serves on).
// Prints performance / accessibility / best-practices / SEO for /, /fr and the five city pages.
// With --runs N (default 1) each page is measured N times and the line shows the medians and the
// range of the performance score: on a 2-core machine one run varies by several points.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')));
const baseUrl = (positional[0] ?? 'http://127.0.0.1:3100').replace(/\/+$/, '');
const minPerformance = option('--min-performance') ? Number(option('--min-performance')) : undefined;
const runs = Math.max(1, Number(option('--runs') ?? 1) || 1);
const jsonOut = option('--json');

const PAGES = ['/', '/fr', '/hamilton', '/ancaster', '/stoney-creek', '/dundas', '/grimsby'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The e2e browser flags, read from tests/e2e/support/browser.ts so both stay the same. */
function readChromiumFlags() {
  const file = path.join(process.cwd(), 'tests/e2e/support/browser.ts');
  const source = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const block = source.match(/CHROMIUM_ARGS\s*=\s*\[([\s\S]*?)\]/);
  const flags = block ? [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
  return ['--headless=new', ...flags];
}

process.env.CHROME_PATH ??= '/usr/bin/chromium';
if (!existsSync(process.env.CHROME_PATH)) {
  console.error(`Chromium not found at ${process.env.CHROME_PATH}; set CHROME_PATH.`);
  process.exit(2);
}

const probe = await fetch(`${baseUrl}/`, { redirect: 'manual' }).catch(() => null);
if (!probe) {
  console.error(`Nothing answers at ${baseUrl}. Start the site first (this script starts nothing).`);
  process.exit(2);
}

/** One Lighthouse run of one page: category scores, the metrics that decide them, failed audits. */
async function measure(url) {
  // The default configuration is Lighthouse's mobile preset (Moto G Power, simulated slow 4G).
  const runnerResult = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const lhr = runnerResult?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failed = CATEGORIES.flatMap((c) => (lhr.categories[c]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => `${c}:${ref.id}`));
  return {
    ...scores,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    failed,
    runtimeError: lhr.runtimeError?.message,
  };
}

/** The median of each figure over the runs (a single run is its own median). */
function summarize(page, samples) {
  const median = (key) => {
    const sorted = samples.map((s) => s[key]).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)];
  };
  const performances = samples.map((s) => s.performance);
  return {
    page,
    ...Object.fromEntries([...CATEGORIES, 'lcpMs', 'cls', 'tbtMs'].map((key) => [key, median(key)])),
    performanceRange: `${Math.min(...performances)}-${Math.max(...performances)}`,
    runs: samples.length,
    failed: [...new Set(samples.flatMap((s) => s.failed))],
    runtimeError: samples.find((s) => s.runtimeError)?.runtimeError,
  };
}

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: readChromiumFlags() });
const results = [];
try {
  for (const page of PAGES) {
    const url = `${baseUrl}${page}`;
    const samples = [];
    for (let run = 0; run < runs; run += 1) samples.push(await measure(url));
    const result = summarize(page, samples);
    results.push(result);
    const range = runs > 1 ? ` (${result.performanceRange})` : '';
    console.log(`${page.padEnd(14)} perf ${String(result.performance).padStart(3)}${range}  a11y ${String(result.accessibility).padStart(3)}  best ${String(result['best-practices']).padStart(3)}  seo ${String(result.seo).padStart(3)}   LCP ${result.lcpMs} ms  CLS ${result.cls}  TBT ${result.tbtMs} ms`);
    if (result.runtimeError) console.log(`  runtime error: ${result.runtimeError}`);
    const imperfect = result.failed.filter((f) => !f.startsWith('performance:'));
    if (imperfect.length) console.log(`  not passing: ${imperfect.join(', ')}`);
  }
} finally {
  await chrome.kill();
}

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ baseUrl, results }, null, 2));
if (minPerformance !== undefined && results.some((r) => r.performance < minPerformance)) process.exit(1);
