/**
 * How long personal information is kept (the privacy policy's "How long we keep it", decision
 * 0049), pure: the clock and the branch's time zone are arguments.
 *
 * - Quotes that did not lead to a booking, contact-form messages and the contact details typed
 *   into the booking steps' analytics: 24 months from the branch calendar day they were written,
 *   then deleted (analytics: the contact details cleared, the step kept).
 * - Customer, appointment and payment records: while the person is a customer and then six years,
 *   the Canada Revenue Agency's period for books and records, counted as it counts them: from the
 *   end of the tax year (the calendar year, branch time) of the customer's last business. Business
 *   in 2026 is kept to the end of 2032 and erased from 1 January 2033.
 * - The street address on a pesticide application record: two years from the day of the
 *   application (the exterminator's record, 0042), even when the customer's other data is erased
 *   sooner on request.
 *
 * Only "what day is it now in the branch" depends on the zone; the rest is calendar arithmetic.
 */
import { TZDate } from '@date-fns/tz';
import { format, subMonths, subYears } from 'date-fns';
import { findToday, type IsoDate } from '@/features/scheduling/available-dates';

/** Quotes that did not lead to a booking, contact-form messages, analytics contact details. */
export const UNBOOKED_RETENTION_MONTHS = 24;
/** Tax records (CRA): six years after the end of the tax year they relate to. */
export const TAX_RECORD_YEARS = 6;
/**
 * The pesticide application record's street address (O. Reg. 63/09 record keeping, as the office
 * reads its licence conditions; change here if they say otherwise).
 */
export const PESTICIDE_RECORD_YEARS = 2;

/** A calendar day as a floating local date, for date-fns arithmetic that never crosses a DST seam. */
function floating(day: IsoDate): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The instant a calendar day begins in `timezone`. */
function startOfDayIn(day: IsoDate, timezone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, timezone).getTime());
}

export type RetentionCutoffs = {
  /** The branch's calendar day at `now`. */
  today: IsoDate;
  /** Quotes not booked, messages and analytics contact details written before this instant are due. */
  unbookedBefore: Date;
  /** A customer whose last business happened before this instant (1 January, branch time) is due for erasure. */
  customerActiveBefore: Date;
  /** The same as a calendar day, for visit dates. */
  customerVisitBefore: IsoDate;
  /** An application record applied before this day no longer needs its street address. */
  pesticideAddressBefore: IsoDate;
};

/** What is due for deletion or erasure at `now`: every rule above as the boundary it draws. */
export function findRetentionCutoffs(now: Date, timezone: string): RetentionCutoffs {
  const today = findToday(now, timezone);
  const unbookedDay = format(subMonths(floating(today), UNBOOKED_RETENTION_MONTHS), 'yyyy-MM-dd');
  const customerVisitBefore = `${Number(today.slice(0, 4)) - TAX_RECORD_YEARS}-01-01`;
  return {
    today,
    unbookedBefore: startOfDayIn(unbookedDay, timezone),
    customerActiveBefore: startOfDayIn(customerVisitBefore, timezone),
    customerVisitBefore,
    pesticideAddressBefore: format(subYears(floating(today), PESTICIDE_RECORD_YEARS), 'yyyy-MM-dd'),
  };
}
