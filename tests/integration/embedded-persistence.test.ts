import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, getDriverName } from '@/db/client';
import { customers } from '@/db/schema/customers';
import { resetEnvCache } from '@/env';
import { prepareDatabase } from '@/server/bootstrap/prepare-database';

// This file switches the app to an embedded database in a folder of its own, whatever the
// other files use, and puts the test's database back afterwards.
const saved = { url: process.env.DATABASE_URL, dir: process.env.PGLITE_DATA_DIR };
const folder = mkdtempSync(path.join(tmpdir(), 'pglite-restart-'));

async function startApp(): Promise<void> {
  await closeDb();
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = folder;
  resetEnvCache();
  await prepareDatabase({ demo: false });
}

afterAll(async () => {
  await closeDb();
  if (saved.url) process.env.DATABASE_URL = saved.url;
  process.env.PGLITE_DATA_DIR = saved.dir;
  resetEnvCache();
  rmSync(folder, { recursive: true, force: true });
});

describe('the embedded database', () => {
  it('keeps its data across a restart, and starting again migrates and seeds without harm', async () => {
    await startApp();
    expect(await getDriverName()).toBe('pglite');
    const db = await getDb();
    const [row] = await db.insert(customers).values({ firstName: 'Rae', lastName: 'Stone', email: 'rae.stone@example.com', phone: '9055550142' }).returning({ id: customers.id });

    await startApp(); // closes the first handle and opens the same folder again, as a restart does
    const again = await getDb();
    const found = await again.select({ email: customers.email }).from(customers).where(eq(customers.id, row!.id));
    expect(found).toEqual([{ email: 'rae.stone@example.com' }]);
  });
});
