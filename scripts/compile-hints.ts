/**
 * After `next build` (package.json "build" runs it): marks the JavaScript the public pages load
 * first with V8's explicit compile hint, so Chromium compiles those files' functions while the file
 * streams in, on a background thread, instead of one by one on the main thread as the framework
 * starts. Measured gain and the reasoning: docs/decisions/0013-light-site-shell.md (2026-11-24).
 *
 * Marked: the framework's files every page loads (build-manifest.json `rootMainFiles`) and the
 * first-load chunks of the landing and city pages (Next's diagnostics/route-bundle-stats.json).
 * Lazy islands and staff pages are left as they are: much of their code never runs on load.
 * Running it twice changes nothing. Usage: tsx scripts/compile-hints.ts [nextDir]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The magic comment Chromium reads (V8 explicit compile hints); it must open the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Routes whose first-load chunks get the hint: the pages a visitor lands on. */
export const HINTED_ROUTES = ['/[locale]', '/[locale]/[city]'];

interface RouteBundleStat {
  route: string;
  firstLoadChunkPaths: string[];
}

/** The chunk files to mark, relative to `nextDir` (e.g. "static/chunks/abc.js"), without duplicates. */
export function findStartupChunks(nextDir: string, routes: readonly string[] = HINTED_ROUTES): { chunks: string[]; warnings: string[] } {
  const manifestFile = path.join(nextDir, 'build-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No ${manifestFile}: run \`next build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { rootMainFiles?: string[] };
  const chunks = new Set(manifest.rootMainFiles ?? []);
  const warnings: string[] = [];

  const statsFile = path.join(nextDir, 'diagnostics', 'route-bundle-stats.json');
  if (existsSync(statsFile)) {
    const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as RouteBundleStat[];
    for (const route of routes) {
      const stat = stats.find((s) => s.route === route);
      if (!stat) {
        warnings.push(`${route} is not in the build statistics; only the framework files are marked for it.`);
        continue;
      }
      // The statistics name chunks from the project root (".next/static/chunks/x.js").
      for (const chunk of stat.firstLoadChunkPaths) chunks.add(path.relative(nextDir, path.resolve(path.dirname(nextDir), chunk)));
    }
  } else {
    warnings.push('No build statistics (diagnostics/route-bundle-stats.json); only the framework files are marked.');
  }
  return { chunks: [...chunks].filter((c) => c.endsWith('.js')).sort(), warnings };
}

/** Prepends the hint to each chunk that lacks it. Returns the chunks it changed. */
export function markStartupChunks(nextDir: string, routes: readonly string[] = HINTED_ROUTES): { marked: string[]; chunks: string[]; warnings: string[] } {
  const { chunks, warnings } = findStartupChunks(nextDir, routes);
  const marked: string[] = [];
  for (const chunk of chunks) {
    const file = path.join(nextDir, chunk);
    if (!existsSync(file)) {
      warnings.push(`${chunk} is listed by the build but missing.`);
      continue;
    }
    const source = readFileSync(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    marked.push(chunk);
  }
  return { marked, chunks, warnings };
}

function main(): void {
  const nextDir = path.resolve(process.argv[2] ?? '.next');
  const { marked, chunks, warnings } = markStartupChunks(nextDir);
  for (const warning of warnings) console.warn(`compile hints: ${warning}`);
  console.info(`compile hints: ${chunks.length} start-up chunk(s), ${marked.length} newly marked.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
