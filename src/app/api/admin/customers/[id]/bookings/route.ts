import { StaffBookingSchema } from '@/features/booking/staff-booking.schema';
import { createStaffBooking } from '@/features/booking/staff-booking.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office, admins): books for this customer on the phone, unpaid; the customer is emailed the
 * booking and its payment link (docs/decisions/0091). 201 with the booking and `holdExpiresAt`;
 * the public booking's refusals otherwise (422 area/date/size, 409 price changed or already paid, day full).
 */
export const POST = apiRoute<{ id: string }>(async ({ req, params, locale }) => {
  await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, StaffBookingSchema);
  const { replayed, ...booking } = await createStaffBooking(readRecordId(params.id), input, { now: new Date(), locale });
  return Response.json(booking, { status: replayed ? 200 : 201 });
});
