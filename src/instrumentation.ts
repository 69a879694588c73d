export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { prepareDatabase } = await import('./server/bootstrap/prepare-database');
  await prepareDatabase();
  const { startBackgroundWorkers } = await import('./server/bootstrap/workers');
  startBackgroundWorkers();
}
