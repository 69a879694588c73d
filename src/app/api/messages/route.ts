import { ContactMessageSchema } from '@/features/contact/contact.schema';
import { listContactMessages, submitContactMessage } from '@/features/contact/contact.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { AppError } from '@/lib/errors';
import { apiRoute, parseWith } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

// Five messages per visitor per ten minutes: plenty for a person, useless for a flood.
const PER_CLIENT = { points: 5, durationSec: 10 * 60 };

/** The contact form (SPEC §7): `{ ok: true, id }`. */
export const POST = apiRoute(async ({ req, locale }) => {
  await consumeRateLimit('contact-ip', getClientIp(req), PER_CLIENT);
  const raw: unknown = await req.json().catch(() => {
    throw new AppError('bad_request', 'errors.invalidJson');
  });
  const honeypot = (raw as { website?: unknown } | null)?.website;
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return { ok: true, id: null };
  const input = parseWith(ContactMessageSchema, raw);
  const { id } = await submitContactMessage(input, { locale });
  return { ok: true, id };
});

/** Staff only (DECISIONS §5). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listContactMessages();
});
