import { z } from 'zod';
import { isCalendarDate } from '@/features/routing/route.schema';

const friday = z.string('rainDay.errors.invalidDate').refine(isCalendarDate, 'rainDay.errors.invalidDate');

/** GET /api/admin/rain-day `?date=&to=`: the preview; without `to`, for the first Friday offered after `date`. */
export const RainDayQuerySchema = z.object({ date: friday, to: friday.optional() });

/** POST /api/admin/rain-day body: move the rained-out Friday's visits, starting with `to`. */
export const RainDayApplySchema = z.object({ date: friday, to: friday });
export type RainDayApply = z.infer<typeof RainDayApplySchema>;

/** POST /api/admin/rain-day/reopen body: open a Friday a rain day closed (0071). */
export const RainDayReopenSchema = z.object({ date: friday });
