import { z } from 'zod';

const serviceDate = z.string('routing.invalidDate').regex(/^\d{4}-\d{2}-\d{2}$/, 'routing.invalidDate');

/** `?date=YYYY-MM-DD` on the route APIs. */
export const DayQuerySchema = z.object({ date: serviceDate });

/** POST /api/routes/optimize body. */
export const OptimizeDaySchema = z.object({ date: serviceDate });

/** `?date=&technicianId=` on GET /api/routes/technician (technicianId: admins only). */
export const TechnicianDayQuerySchema = z.object({
  date: serviceDate,
  technicianId: z.coerce.number('routing.invalidTechnician').int('routing.invalidTechnician').positive('routing.invalidTechnician').optional(),
});

/** The query string as a plain object, for `parseWith`. */
export function readQuery(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams.entries());
}
