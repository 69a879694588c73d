import { DayQuerySchema, readQuery } from '@/features/routing/route.schema';
import { getDayRoutes } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseWith } from '@/server/handler';

/** GET /api/routes?date=YYYY-MM-DD: the day's routes with their stops (admins; technicians use /api/routes/technician). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ role: 'admin' });
  const { date } = parseWith(DayQuerySchema, readQuery(req));
  return getDayRoutes(date);
});
