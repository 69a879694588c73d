import { DayQuerySchema, readQuery } from '@/features/routing/route.schema';
import { clearEmptyRoutes, getDayRoutes } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseWith } from '@/server/handler';

/** GET /api/routes?date=YYYY-MM-DD: the day's routes with their stops (admins; technicians use /api/routes/technician). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const { date } = parseWith(DayQuerySchema, readQuery(req));
  return getDayRoutes(date);
});

/**
 * DELETE /api/routes?date=YYYY-MM-DD: "Clear routes" for a day whose planned routes have no visit
 * left (admins); 409 while one still has a visit. Answers the day as GET does.
 */
export const DELETE = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const { date } = parseWith(DayQuerySchema, readQuery(req));
  return clearEmptyRoutes(date);
});
