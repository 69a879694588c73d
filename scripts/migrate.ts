// `npm run db:migrate`: applies the SQL migrations in drizzle/ to the configured database
// (DATABASE_URL, or the embedded PGlite folder). `npm start` does this by itself on every start.
import { closeDb } from '@/db/client';
import { runMigrations } from '@/db/migrate';

async function main(): Promise<void> {
  await runMigrations();
  await closeDb();
  console.log('Migrations applied.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
