import { OptimizeDaySchema } from '@/features/routing/route.schema';
import { optimizeDay } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** POST /api/routes/optimize { date }: replaces the day's planned routes and returns them (admins). */
export const POST = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const { date } = await parseJson(req, OptimizeDaySchema);
  return optimizeDay({ date });
});
