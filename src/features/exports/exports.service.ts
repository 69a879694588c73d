import 'server-only';
import { getDb } from '@/db/client';
import { SERVICE_TYPES } from '@/db/schema/appointments';
import { getBranch } from '@/features/branch/branch.service';
import { findToday } from '@/features/scheduling/available-dates';
import type { StaffSession } from '@/features/staff-auth/session.service';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { getLogger } from '@/server/logger';
import { checkExportRange, type ExportRange, findDefaultExportRange, findRangeInstants, findYearSoFarRange, MAX_EXPORT_DAYS } from './export-range';
import { buildApplicationsCsv, buildCustomersCsv, buildPaymentsCsv } from './export-rows';
import { selectApplicationsApplied, selectCustomerSummaries, selectPaymentsReceived } from './exports.repository';

/** A CSV export ready to send: its file name, its text (byte order mark first) and how many rows it holds. */
export type CsvFile = { filename: string; content: string; rows: number };

type ExportOptions = { locale: Locale; staff: Pick<StaffSession, 'staffUserId' | 'username'>; now?: Date };

/** The payments form's default range: the current month so far, in the branch's calendar. */
export async function findDefaultPaymentExportRange(now = new Date()): Promise<ExportRange> {
  return findDefaultExportRange(findToday(now, (await getBranch()).timezone));
}

/** The application records form's default range: the year so far (the season's visits), in the branch's calendar. */
export async function findDefaultApplicationExportRange(now = new Date()): Promise<ExportRange> {
  return findYearSoFarRange(findToday(now, (await getBranch()).timezone));
}

/**
 * The payments received from `from` to `to` (the branch's calendar days, both included), one row
 * each, for the accountant (docs/decisions/0036). A bad, reversed or longer-than-a-year range is
 * refused with a translated message. The log says who exported which range, never the rows.
 *
 * @throws AppError 'bad_request' (`exports.errors.*`)
 */
export async function exportPayments(query: { from?: string | null; to?: string | null }, options: ExportOptions): Promise<CsvFile> {
  const check = checkExportRange(query.from, query.to);
  if (!check.ok) throw new AppError('bad_request', check.messageKey, { field: check.field }, { days: MAX_EXPORT_DAYS });
  const { from, to } = check.range;
  const branch = await getBranch();
  const rows = await selectPaymentsReceived(await getDb(), findRangeInstants(check.range, branch.timezone));
  const tPayments = getTranslator(options.locale, 'payments');
  const content = buildPaymentsCsv(rows, {
    timezone: branch.timezone,
    taxRateBps: branch.taxRateBps,
    t: getTranslator(options.locale, 'exports'),
    describePlan: (type) => ((SERVICE_TYPES as readonly string[]).includes(type) ? tPayments(`services.${type}`) : type),
  });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, from, to, rows: rows.length }, 'staff exported payments');
  return { filename: `payments-${from}-to-${to}.csv`, content, rows: rows.length };
}

/**
 * The products applied at visits done from `from` to `to` (the visits' Fridays in the branch's
 * calendar, both included), one row each: the licensed exterminator's record (docs/decisions/0042).
 * The range rule and the log are the payments export's.
 *
 * @throws AppError 'bad_request' (`exports.errors.*`)
 */
export async function exportApplications(query: { from?: string | null; to?: string | null }, options: ExportOptions): Promise<CsvFile> {
  const check = checkExportRange(query.from, query.to);
  if (!check.ok) throw new AppError('bad_request', check.messageKey, { field: check.field }, { days: MAX_EXPORT_DAYS });
  const { from, to } = check.range;
  const branch = await getBranch();
  const rows = await selectApplicationsApplied(await getDb(), branch.id, check.range);
  const tUnits = getTranslator(options.locale, 'applicationRecords');
  const content = buildApplicationsCsv(rows, { t: getTranslator(options.locale, 'exports'), describeUnit: (unit) => tUnits(`units.${unit}`) });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, from, to, rows: rows.length }, 'staff exported application records');
  return { filename: `application-records-${from}-to-${to}.csv`, content, rows: rows.length };
}

/** Every customer with their bookings and what they have paid (docs/decisions/0036). */
export async function exportCustomers(options: ExportOptions): Promise<CsvFile> {
  const branch = await getBranch();
  const rows = await selectCustomerSummaries(await getDb());
  const content = buildCustomersCsv(rows, { timezone: branch.timezone, t: getTranslator(options.locale, 'exports') });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, rows: rows.length }, 'staff exported the customer list');
  return { filename: `customers-${findToday(options.now ?? new Date(), branch.timezone)}.csv`, content, rows: rows.length };
}

/** A CSV export as a download: UTF-8 text, saved under its own name rather than shown. */
export function toCsvResponse(file: CsvFile): Response {
  return new Response(file.content, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
    },
  });
}
