import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, findStartupChunks, markStartupChunks } from './compile-hints';

/** A `.next` folder as `next build` leaves it, reduced to what the script reads. */
function fakeBuild(root: string, stats: unknown | null): string {
  const nextDir = path.join(root, '.next');
  mkdirSync(path.join(nextDir, 'static', 'chunks'), { recursive: true });
  mkdirSync(path.join(nextDir, 'diagnostics'), { recursive: true });
  writeFileSync(path.join(nextDir, 'build-manifest.json'), JSON.stringify({ rootMainFiles: ['static/chunks/react.js', 'static/chunks/turbopack-x.js'] }));
  if (stats) writeFileSync(path.join(nextDir, 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats));
  for (const name of ['react.js', 'turbopack-x.js', 'landing.js', 'city.js', 'admin.js', 'landing.css']) {
    writeFileSync(path.join(nextDir, 'static', 'chunks', name), `/* ${name} */(globalThis.TURBOPACK||[]).push([]);`);
  }
  return nextDir;
}

const STATS = [
  { route: '/[locale]', firstLoadChunkPaths: ['.next/static/chunks/landing.js', '.next/static/chunks/react.js', '.next/static/chunks/landing.css'] },
  { route: '/[locale]/[city]', firstLoadChunkPaths: ['.next/static/chunks/city.js', '.next/static/chunks/react.js'] },
  { route: '/[locale]/admin', firstLoadChunkPaths: ['.next/static/chunks/admin.js', '.next/static/chunks/react.js'] },
];

describe('compile hints for the start-up chunks', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const read = (nextDir: string, name: string) => readFileSync(path.join(nextDir, 'static', 'chunks', name), 'utf8');

  it('marks the framework files and the landing and city chunks, not the staff pages or the CSS', () => {
    const nextDir = fakeBuild(root, STATS);
    const { marked, warnings } = markStartupChunks(nextDir);
    expect(marked).toEqual(['static/chunks/city.js', 'static/chunks/landing.js', 'static/chunks/react.js', 'static/chunks/turbopack-x.js']);
    expect(warnings).toEqual([]);
    expect(read(nextDir, 'landing.js')).toBe(`${COMPILE_HINT}/* landing.js */(globalThis.TURBOPACK||[]).push([]);`);
    expect(read(nextDir, 'admin.js').startsWith('//')).toBe(false);
    expect(read(nextDir, 'landing.css').startsWith('//')).toBe(false);
  });

  it('changes nothing the second time, so a file never carries the hint twice', () => {
    const nextDir = fakeBuild(root, STATS);
    markStartupChunks(nextDir);
    const again = markStartupChunks(nextDir);
    expect(again.marked).toEqual([]);
    expect(read(nextDir, 'react.js').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('falls back to the framework files, with a warning, when Next wrote no statistics', () => {
    const nextDir = fakeBuild(root, null);
    const { chunks, warnings } = findStartupChunks(nextDir);
    expect(chunks).toEqual(['static/chunks/react.js', 'static/chunks/turbopack-x.js']);
    expect(warnings).toHaveLength(1);
  });

  it('warns about a hinted route missing from the statistics and a listed file missing from disk', () => {
    const nextDir = fakeBuild(root, [{ route: '/[locale]', firstLoadChunkPaths: ['.next/static/chunks/gone.js'] }]);
    const { warnings } = markStartupChunks(nextDir);
    expect(warnings).toEqual([
      '/[locale]/[city] is not in the build statistics; only the framework files are marked for it.',
      'static/chunks/gone.js is listed by the build but missing.',
    ]);
  });

  it('refuses to run without a build', () => {
    expect(() => findStartupChunks(path.join(root, 'nothing'))).toThrow(/run `next build` first/);
  });
});
