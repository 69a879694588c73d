/**
 * Runs before each integration test file: points the app at a brand-new database, migrates
 * it and seeds the base data. PGlite in memory by default; with DATABASE_URL set, a fresh
 * database is created on that server for this file and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';

const serverUrl = process.env.DATABASE_URL;
let dbName: string | undefined;

beforeAll(async () => {
  process.env.LOG_LEVEL ??= 'silent';
  process.env.OUTBOX_INTERVAL_MS = '0';
  process.env.VISIT_REMINDER_INTERVAL_MS = '0';
  if (serverUrl) {
    const { default: postgres } = await import('postgres');
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    process.env.PGLITE_DATA_DIR = 'memory://';
  }
  const { resetEnvCache } = await import('@/env');
  resetEnvCache();
  const { prepareDatabase } = await import('@/server/bootstrap/prepare-database');
  await prepareDatabase({ demo: false });
});

afterAll(async () => {
  const { closeDb } = await import('@/db/client');
  await closeDb();
  if (serverUrl && dbName) {
    const { default: postgres } = await import('postgres');
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    process.env.DATABASE_URL = serverUrl;
  }
});
