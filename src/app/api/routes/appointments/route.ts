import { DayQuerySchema, readQuery } from '@/features/routing/route.schema';
import { listDayAppointments } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseWith } from '@/server/handler';

/** GET /api/routes/appointments?date=YYYY-MM-DD: the day's active appointments (admins; technicians use /api/routes/technician). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  const { date } = parseWith(DayQuerySchema, readQuery(req));
  const appointments = await listDayAppointments(date);
  return { date, count: appointments.length, appointments };
});
