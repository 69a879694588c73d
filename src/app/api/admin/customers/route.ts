import { NothingBookedAheadQuerySchema } from '@/features/staff-dashboard/dashboard.schema';
import { findCustomers, listNothingBookedAhead } from '@/features/staff-dashboard/dashboard.service';
import { NewCustomerSchema } from '@/features/staff-dashboard/new-customer.schema';
import { createOfficeCustomer } from '@/features/staff-dashboard/new-customer.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson, parseWith } from '@/server/handler';

export const dynamic = 'force-dynamic';

/**
 * GET /api/admin/customers?q=…: every customer matching the dashboard search, newest first (office,
 * admins). `?filter=nothing-booked-ahead&cursor=&limit=`: a page of the customers with a past visit
 * and nothing booked from today on, with their last visit (0101).
 */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const params = new URL(req.url).searchParams;
  if (params.has('filter')) return listNothingBookedAhead(parseWith(NothingBookedAheadQuerySchema, Object.fromEntries(params)));
  return findCustomers(params.get('q') ?? '');
});

/**
 * POST (office, admins): adds a first-time caller (docs/decisions/0098). 201 with `{ id }`; 409 with
 * `existingCustomer` when the email is known (any case); 400 for a postal code not served.
 */
export const POST = apiRoute(async ({ req, locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, NewCustomerSchema);
  return Response.json(await createOfficeCustomer(input, { staff, now: new Date(), locale }), { status: 201 });
});
