import { RainDayReopenSchema } from '@/features/rain-day/rain-day.schema';
import { reopenRainDay } from '@/features/rain-day/rain-day.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** POST (admins) `{ date }`: opens a Friday a rain day closed to bookings again (0071). */
export const POST = apiRoute(async ({ req }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const { date } = await parseJson(req, RainDayReopenSchema);
  return reopenRainDay({ date, by: session.username });
});
