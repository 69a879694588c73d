// `npm run db:seed`: migrates, then writes the base data (branch, plans, MIDSEASON) and, for local
// runs (APP_ENV=local), the demo staff accounts and the demo season. Idempotent: run it any time.
import { closeDb } from '@/db/client';
import { prepareDatabase } from '@/server/bootstrap/prepare-database';

async function main(): Promise<void> {
  await prepareDatabase();
  await closeDb();
  console.log('Database seeded.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
