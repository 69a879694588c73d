#!/usr/bin/env node
// Lighthouse (mobile preset) against a running site: starts no server, only the system Chromium.
// Usage: node scripts/lighthouse.mjs [baseUrl] [--json out.json] [--min-performance N]
//   baseUrl defaults to http://127.0.0.1:3100 (the port scripts/e2e-locked.sh serves on).
// Prints performance / accessibility / best-practices / SEO for /, /fr and the five city pages.
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

const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH, chromeFlags: readChromiumFlags() });
const results = [];
try {
  for (const page of PAGES) {
    const url = `${baseUrl}${page}`;
    // The default configuration is Lighthouse's mobile preset (Moto G Power, simulated slow 4G).
    const runnerResult = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const lhr = runnerResult?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
    const metrics = {
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    };
    const failed = CATEGORIES.flatMap((c) => (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}:${ref.id}`));
    results.push({ page, ...scores, ...metrics, failed, runtimeError: lhr.runtimeError?.message });
    console.log(`${page.padEnd(14)} perf ${String(scores.performance).padStart(3)}  a11y ${String(scores.accessibility).padStart(3)}  best ${String(scores['best-practices']).padStart(3)}  seo ${String(scores.seo).padStart(3)}   LCP ${metrics.lcpMs} ms  CLS ${metrics.cls}  TBT ${metrics.tbtMs} ms`);
    if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`);
    const imperfect = failed.filter((f) => !f.startsWith('performance:'));
    if (imperfect.length) console.log(`  not passing: ${imperfect.join(', ')}`);
  }
} finally {
  await chrome.kill();
}

if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ baseUrl, results }, null, 2));
if (minPerformance !== undefined && results.some((r) => r.performance < minPerformance)) process.exit(1);
