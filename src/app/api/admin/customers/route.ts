import { findCustomers } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET /api/admin/customers?q=…: every customer matching the dashboard search, newest first (admins). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return findCustomers(new URL(req.url).searchParams.get('q') ?? '');
});
