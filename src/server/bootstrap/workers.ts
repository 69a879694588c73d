import 'server-only';
import { getEnv } from '@/env';

type Worker = { name: string; run: () => Promise<void>; everyMs: number };
const registry: Worker[] = [];
const globalForWorkers = globalThis as unknown as { __workersStarted?: boolean };

/** Features register periodic jobs (outbox delivery, expiring unpaid holds) here. */
export function registerWorker(worker: Worker): void {
  registry.push(worker);
}

/** Email outbox delivery (DECISIONS §7); OUTBOX_INTERVAL_MS=0 turns it off (tests deliver by hand). */
function registerOutboxWorker(): void {
  const everyMs = getEnv().OUTBOX_INTERVAL_MS;
  if (everyMs <= 0) return;
  registerWorker({
    name: 'email-outbox',
    everyMs,
    run: async () => {
      const { runOutboxDelivery } = await import('@/features/email/outbox.service');
      await runOutboxDelivery();
    },
  });
}

export function startBackgroundWorkers(): void {
  if (globalForWorkers.__workersStarted) return;
  globalForWorkers.__workersStarted = true;
  registerOutboxWorker();
  for (const worker of registry) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      worker.run().catch((err) => console.error(`worker ${worker.name} failed`, err)).finally(() => { running = false; });
    }, worker.everyMs);
    timer.unref();
  }
}

// Unpaid bookings release their Friday stops once their hold runs out (booking feature).
registerWorker({
  name: 'expire-unpaid-holds',
  everyMs: 60_000,
  run: async () => {
    const { expireUnpaidHolds } = await import('@/features/booking/booking.service');
    await expireUnpaidHolds(new Date());
  },
});
