import { listOutbox } from '@/features/email/outbox.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

const STATUSES = new Set(['pending', 'sending', 'sent', 'failed', 'withdrawn']);

/** Staff read queued and undelivered mail (DECISIONS §7): `?status=pending|sending|sent|failed|withdrawn`. */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const status = new URL(req.url).searchParams.get('status');
  const emails = await listOutbox({ status: status && STATUSES.has(status) ? status : undefined });
  return { emails: emails.map((e) => ({ ...e, nextAttemptAt: e.nextAttemptAt.toISOString(), sentAt: e.sentAt?.toISOString() ?? null, createdAt: e.createdAt.toISOString() })) };
});
