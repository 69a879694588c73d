/**
 * For "one press sends one email" races on PostgreSQL (0097, 0105): runs `work` while another
 * connection holds the outbox against inserts for half a second, so two presses both get as far as
 * queueing their email before either can. Without the row lock the service takes first, both would
 * count the same emails sent and both send. PGlite has one connection and runs them in turn.
 */
export async function whileOutboxHeld<T>(work: () => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  if (!url) return work();
  const { default: postgres } = await import('postgres');
  const other = postgres(url, { max: 1, onnotice: () => {} });
  let running: Promise<T> | undefined;
  await other.begin(async (tx) => {
    await tx`lock table email_outbox in exclusive mode`;
    running = work();
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  await other.end();
  return running!;
}
