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

/**
 * Visit reminder emails two days before each Friday (docs/decisions/0031); each run queues only
 * what is due, so the interval sets how soon after 8:00 AM they leave. VISIT_REMINDER_INTERVAL_MS=0
 * turns it off (tests queue reminders by hand).
 */
function registerVisitReminderWorker(): void {
  const everyMs = getEnv().VISIT_REMINDER_INTERVAL_MS;
  if (everyMs <= 0) return;
  registerWorker({
    name: 'visit-reminders',
    everyMs,
    run: async () => {
      const { queueDueVisitReminders } = await import('@/features/reminders/reminder.service');
      await queueDueVisitReminders(new Date());
    },
  });
}

/**
 * The privacy policy's retention periods (docs/decisions/0049): deletes and anonymises what is
 * due. Hourly by default, so a server restarted often still runs it; a run with nothing due takes
 * some 20 ms at 5,000 customers. RETENTION_SWEEP_INTERVAL_MS=0 turns it off (tests run it by hand).
 */
function registerRetentionWorker(): void {
  const everyMs = getEnv().RETENTION_SWEEP_INTERVAL_MS;
  if (everyMs <= 0) return;
  registerWorker({
    name: 'privacy-retention',
    everyMs,
    run: async () => {
      const { runRetentionSweep } = await import('@/features/privacy/retention.service');
      await runRetentionSweep(new Date());
    },
  });
}

export function startBackgroundWorkers(): void {
  if (globalForWorkers.__workersStarted) return;
  globalForWorkers.__workersStarted = true;
  registerOutboxWorker();
  registerVisitReminderWorker();
  registerRetentionWorker();
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
