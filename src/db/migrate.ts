import path from 'node:path';
import { getDb, getDriverName } from './client';

/** Applies the SQL migrations in ./drizzle; safe to run on every start. */
export async function runMigrations(): Promise<void> {
  const db = await getDb();
  const migrationsFolder = path.join(process.cwd(), 'drizzle');
  if ((await getDriverName()) === 'postgres') {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the concrete driver type
    await migrate(db as any, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- same as above
    await migrate(db as any, { migrationsFolder });
  }
}
