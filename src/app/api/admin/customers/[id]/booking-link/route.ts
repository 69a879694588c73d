import { BookingInviteSchema } from '@/features/booking/booking-invite.schema';
import { sendBookingInvite } from '@/features/booking/booking-invite.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * POST (office, admins) `{ sent }`: emails the customer the booking page with their details filled in
 * (docs/decisions/0105). 201 `{ sent, locale }`; 409 `sent_meanwhile` when the count the screen
 * showed is no longer the count (nothing sent); 404 for an unknown or erased customer.
 */
export const POST = apiRoute<{ id: string }>(async ({ req, params }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const { sent } = await parseJson(req, BookingInviteSchema);
  return Response.json(await sendBookingInvite(readRecordId(params.id), { now: new Date(), seenSent: sent, staffUserId: staff.staffUserId }), { status: 201 });
});
