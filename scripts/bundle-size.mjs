#!/usr/bin/env node
// First-load JavaScript per route, gzip-compressed, from the last `next build` (it writes
// .next/diagnostics/route-bundle-stats.json). Starts nothing and builds nothing.
// Usage: node scripts/bundle-size.mjs [--strict]   (--strict exits 1 when a target is exceeded)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = process.cwd();
const statsFile = path.join(root, '.next', 'diagnostics', 'route-bundle-stats.json');
// Issue 4's targets, in KB of gzip: the landing page and the city landing pages.
const TARGETS_KB = { '/[locale]': 170, '/[locale]/[city]': 150 };

if (!existsSync(statsFile)) {
  console.error(`No build statistics at ${path.relative(root, statsFile)}: run a build first (scripts/e2e-locked.sh builds one).`);
  process.exit(2);
}

const stats = JSON.parse(readFileSync(statsFile, 'utf8'));
const gzipCache = new Map();
const missing = new Set();
function gzipBytes(chunk) {
  if (!gzipCache.has(chunk)) {
    const file = path.join(root, chunk);
    if (!existsSync(file)) missing.add(chunk);
    gzipCache.set(chunk, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
  }
  return gzipCache.get(chunk);
}

const rows = stats
  .map((s) => ({ route: s.route, gzipKb: s.firstLoadChunkPaths.reduce((sum, c) => sum + gzipBytes(c), 0) / 1024, rawKb: s.firstLoadUncompressedJsBytes / 1024 }))
  .sort((a, b) => a.route.localeCompare(b.route));

if (missing.size) {
  console.error(`${missing.size} chunk(s) listed in the statistics are missing from .next (a build in progress or an older build): sizes would be wrong.`);
  process.exit(2);
}

const width = Math.max(...rows.map((r) => r.route.length), 5);
console.log(`${'route'.padEnd(width)}  first-load gzip   raw      target`);
let over = 0;
for (const r of rows) {
  const target = TARGETS_KB[r.route];
  const verdict = target === undefined ? '' : r.gzipKb <= target ? `≤ ${target} KB ok` : `> ${target} KB OVER`;
  if (target !== undefined && r.gzipKb > target) over += 1;
  console.log(`${r.route.padEnd(width)}  ${r.gzipKb.toFixed(1).padStart(8)} KB  ${r.rawKb.toFixed(0).padStart(6)} KB  ${verdict}`);
}
for (const route of Object.keys(TARGETS_KB)) if (!rows.some((r) => r.route === route)) console.warn(`warning: ${route} is not in the build statistics`);
if (over && process.argv.includes('--strict')) process.exit(1);
