#!/usr/bin/env node
// `npm start`: builds the app when the sources changed since the last build, then serves it on
// http://localhost:3000. The server migrates and seeds its database as it starts (src/instrumentation.ts).
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const INPUTS = ['src', 'messages', 'drizzle', 'public', 'package-lock.json', 'next.config.ts', 'postcss.config.mjs', 'scripts/compile-hints.ts'];

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const e of readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(`${p}:${st.size}:${st.mtimeMs}`);
}

const files = [];
for (const input of INPUTS) walk(input, files);
const stamp = createHash('sha256').update(files.join('\n')).digest('hex');
const stampFile = path.join('.next', 'source-stamp');
const built = existsSync(path.join('.next', 'BUILD_ID')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;

if (!built) {
  console.log('Building the app (first start or changed sources)...');
  // The same two steps as `npm run build`: Next's build, then the start-up chunks' compile hints.
  for (const args of [['node_modules/next/dist/bin/next', 'build'], ['node_modules/tsx/dist/cli.mjs', 'scripts/compile-hints.ts']]) {
    const res = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  writeFileSync(stampFile, stamp);
}

const port = process.env.PORT ?? '3000';
const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', port], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
