import { readQuery, TechnicianDayQuerySchema } from '@/features/routing/route.schema';
import { getTechnicianDay } from '@/features/routing/route.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { AppError } from '@/lib/errors';
import { apiRoute, parseWith } from '@/server/handler';
import { can } from '@/features/staff-auth/capabilities';

/**
 * GET /api/routes/technician?date=YYYY-MM-DD: the signed-in technician's own stops. The office passes
 * technicianId; a technician asking for someone else's day is refused.
 */
export const GET = apiRoute(async ({ req }) => {
  const session = await requireStaff();
  const { date, technicianId } = parseWith(TechnicianDayQuerySchema, readQuery(req));
  const office = can(session.role, 'officeWork');
  if (!office && technicianId !== undefined && technicianId !== session.technicianId) {
    throw new AppError('forbidden', 'errors.forbidden');
  }
  const id = office ? technicianId : session.technicianId;
  if (id === undefined || id === null) throw new AppError('validation', 'routing.technicianRequired');
  return getTechnicianDay(id, date);
});
