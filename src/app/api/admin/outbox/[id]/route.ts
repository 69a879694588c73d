import { readOutboxEmail } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { AppError } from '@/lib/errors';
import { apiRoute } from '@/server/handler';

/** Staff read a queued or sent email as the customer would see it. */
export const GET = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'officeWork' });
  const html = await readOutboxEmail(Number(params.id));
  if (html === null) throw new AppError('not_found', 'errors.notFound');
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  });
});
