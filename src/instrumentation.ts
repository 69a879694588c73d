export async function register() {
  // NEXT_RUNTIME is Next's own marker for the runtime loading this file, set before any of our
  // code runs; it is the one process.env read outside src/env.ts (which it must not load on the edge).
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { prepareDatabase } = await import('./server/bootstrap/prepare-database');
  await prepareDatabase();
  const { startBackgroundWorkers } = await import('./server/bootstrap/workers');
  startBackgroundWorkers();
}
