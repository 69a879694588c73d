import { CustomerRequestSchema } from '@/features/booking/booking.schema';
import { findOrCreateCustomer } from '@/features/booking/booking.service';
import { listStaffCustomers } from '@/features/booking/booking-queries.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

// Public: the booking form creates its customer first (SPEC §4). A known email returns its id.
export const POST = apiRoute(async ({ req, locale }) => {
  await consumeRateLimit('customers-ip', getClientIp(req), { points: 20, durationSec: 60 * 60 });
  const input = await parseJson(req, CustomerRequestSchema);
  return Response.json(await findOrCreateCustomer(input, { locale }), { status: 201 });
});

export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listStaffCustomers();
});
