import { loadDashboard } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return loadDashboard();
});
