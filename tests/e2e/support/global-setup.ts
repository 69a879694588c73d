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
import { findPastFriday } from '../../support/past-fridays';
import { insertPastQuotes } from './past-quotes';
import { insertPastVisits, listPastFridays } from './past-visits';

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

/**
 * Prepares the run's database as the server would on start (migrations, base and demo data), then
 * adds the past visits (`past-visits.ts`) and quotes (`past-quotes.ts`), and lets it go before the
 * server opens it.
 */
async function writePastVisits(env: Record<string, string | undefined>, fridays: readonly string[]): Promise<void> {
  const names = ['DATABASE_URL', 'PGLITE_DATA_DIR', 'LOG_LEVEL'] as const;
  const before = names.map((name) => process.env[name]);
  // This process points at the run's database only meanwhile: the test files never open it.
  const point = (values: readonly (string | undefined)[]) => names.forEach((name, i) => {
    if (values[i] === undefined) delete process.env[name];
    else process.env[name] = values[i];
  });
  point(names.map((name) => env[name]));
  const { resetEnvCache } = await import('@/env');
  resetEnvCache();
  const { prepareDatabase } = await import('@/server/bootstrap/prepare-database');
  const { closeDb, getDb } = await import('@/db/client');
  try {
    await prepareDatabase();
    await insertPastVisits(await getDb(), fridays);
    await insertPastQuotes(await getDb());
  } finally {
    await closeDb();
    point(before);
    resetEnvCache();
  }
}

export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) {
    // Another server's database has no past visits: the journeys that need one say so.
    project.provide('baseURL', process.env.E2E_BASE_URL);
    project.provide('pastFridays', listPastFridays(findPastFriday()));
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
  // The journeys that mark visits done need visits whose day has come (0057), which nothing can
  // book: written before the server opens the database (an embedded one has one user at a time).
  const pastFridays = listPastFridays(findPastFriday());
  await writePastVisits(env, pastFridays);
  project.provide('pastFridays', pastFridays);
  const nextBin = path.join(process.cwd(), 'node_modules', 'next', 'dist', 'bin', 'next');
  // The test browser's API requests reuse idle connections; Node closes one after 5 s by default, and a
  // request sent on it just then dies as "socket hang up". A minute keeps that race out of the run.
  server = spawn(process.execPath, [nextBin, 'start', '-p', String(PORT), '--keepAliveTimeout', '60000'], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'inherit', 'inherit'] });
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
    /** The Fridays the past visits are on, weeks 0 to 3 (`past-visits.ts`). */
    pastFridays: string[];
  }
}
