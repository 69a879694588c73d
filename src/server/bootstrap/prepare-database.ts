import 'server-only';
import { getDb } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { getEnv } from '@/env';
import { DEMO_OFFICE, DEMO_STAFF, seedBaseData, seedDemoProducts, seedDemoSeason, seedStaffAccount } from './seed';

/** Runs on every start: migrations, base data, and demo data for local runs only. */
export async function prepareDatabase(options: { demo?: boolean } = {}): Promise<void> {
  const env = getEnv();
  await runMigrations();
  const db = await getDb();
  await seedBaseData(db);
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) await seedStaffAccount(db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
  const demo = options.demo ?? env.APP_ENV === 'local';
  if (demo) {
    await seedStaffAccount(db, DEMO_STAFF.username, DEMO_STAFF.password);
    await seedStaffAccount(db, DEMO_OFFICE.username, DEMO_OFFICE.password, 'office');
    await seedDemoSeason(db);
    await seedDemoProducts(db);
  }
}
