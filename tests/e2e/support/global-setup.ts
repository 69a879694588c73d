/**
 * Starts the built app (`next start`) on its own port with a brand-new database for the run:
 * a fresh PGlite folder by default, or a fresh database on the DATABASE_URL server. Set
 * E2E_BASE_URL to test an already running server instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const PORT = Number(process.env.E2E_PORT ?? 3100);
let server: ChildProcess | undefined;
let dbName: string | undefined;

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} did not answer within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL);
    return;
  }
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    throw new Error('No production build: run `npm run build` first (npm test does).');
  }
  // Visit reminders follow the wall clock (Wednesdays): off, so no run's outbox gains emails a test did not cause.
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1', OUTBOX_INTERVAL_MS: '1000', VISIT_REMINDER_INTERVAL_MS: '0' };
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const { default: postgres } = await import('postgres');
    dbName = `e2e_${randomBytes(5).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else {
    const dir = path.join(process.cwd(), '.tmp', 'e2e-pglite');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    env.PGLITE_DATA_DIR = dir;
  }
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  server = spawn(process.execPath, [nextBin, 'start', '-p', String(PORT)], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseURL = `http://127.0.0.1:${PORT}`;
  await waitForServer(`${baseURL}/api/health`, 90_000);
  project.provide('baseURL', baseURL);

  return async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (serverUrl && dbName) {
      const { default: postgres } = await import('postgres');
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
