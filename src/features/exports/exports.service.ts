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
import { listAllUnsubscribedAddresses } from '@/features/marketing-email/unsubscribed-list.service';
import { type AmountSums, buildApplicationsCsv, buildCustomersCsv, buildPaymentsCsv, buildRefundsCsv, buildUnsubscribedCsv, type PaymentRowContext, summarizePaymentsAndRefunds } from './export-rows';
import { selectApplicationsApplied, selectCustomerSummaries, selectPaymentsReceived, selectRefundsMadeWithPayments } from './exports.repository';

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

/** What the payments and refunds files write amounts, dates and words with: the branch's clock and rate, the staff member's language. */
function paymentRowContext(branch: { timezone: string; taxRateBps: number }, locale: Locale): PaymentRowContext {
  const tPayments = getTranslator(locale, 'payments');
  const tMethods = getTranslator(locale, 'offlinePayments.methods');
  return {
    timezone: branch.timezone,
    taxRateBps: branch.taxRateBps,
    t: getTranslator(locale, 'exports'),
    describeMethod: (method) => tMethods(method),
    describePlan: (type) => ((SERVICE_TYPES as readonly string[]).includes(type) ? tPayments(`services.${type}`) : type),
  };
}

/**
 * The payments received from `from` to `to` (the branch's calendar days, both included), one row
 * each, for the accountant (docs/decisions/0036), with the refunds made on them by `to` (0075). A bad, reversed or longer-than-a-year range is
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
  const content = buildPaymentsCsv(rows, paymentRowContext(branch, options.locale));
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, from, to, rows: rows.length }, 'staff exported payments');
  return { filename: `payments-${from}-to-${to}.csv`, content, rows: rows.length };
}

/**
 * The refunds made from `from` to `to` (the branch's calendar days the money went back, both
 * included), one row each, whatever the date of the payment they were made on, with their HST
 * (docs/decisions/0075). The range rule and the log are the payments export's. Over the same range,
 * the payments file's totals less this file's are the period's net.
 *
 * @throws AppError 'bad_request' (`exports.errors.*`)
 */
export async function exportRefunds(query: { from?: string | null; to?: string | null }, options: ExportOptions): Promise<CsvFile> {
  const check = checkExportRange(query.from, query.to);
  if (!check.ok) throw new AppError('bad_request', check.messageKey, { field: check.field }, { days: MAX_EXPORT_DAYS });
  const { from, to } = check.range;
  const branch = await getBranch();
  const range = findRangeInstants(check.range, branch.timezone);
  const rows = await selectRefundsMadeWithPayments(await getDb(), range);
  const content = buildRefundsCsv(rows, { ...paymentRowContext(branch, options.locale), since: range.start });
  const listed = rows.filter((r) => r.refundedAt.getTime() >= range.start.getTime()).length;
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, from, to, rows: listed }, 'staff exported refunds');
  return { filename: `refunds-${from}-to-${to}.csv`, content, rows: listed };
}

/** A range's payments, refunds and net, as the Payments tab shows them beside the two files (docs/decisions/0095). */
export type PeriodTotals = { range: ExportRange; payments: AmountSums; refunds: AmountSums; net: Omit<AmountSums, 'count'> };

/**
 * The sums of the payments file and the refunds file over the same range (docs/decisions/0095):
 * the figures an owner reads for the year-end and the HST return, equal to the files' columns
 * summed. The range rule is the exports'.
 *
 * @throws AppError 'bad_request' (`exports.errors.*`)
 */
export async function findPeriodTotals(query: { from?: string | null; to?: string | null }): Promise<PeriodTotals> {
  const check = checkExportRange(query.from, query.to);
  if (!check.ok) throw new AppError('bad_request', check.messageKey, { field: check.field }, { days: MAX_EXPORT_DAYS });
  const branch = await getBranch();
  const range = findRangeInstants(check.range, branch.timezone);
  const db = await getDb();
  const [payments, refunds] = await Promise.all([selectPaymentsReceived(db, range), selectRefundsMadeWithPayments(db, range)]);
  return { range: check.range, ...summarizePaymentsAndRefunds(payments, refunds, { taxRateBps: branch.taxRateBps, since: range.start }) };
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

/** Every customer with their bookings, last and next visit (0095) and what they have paid (docs/decisions/0036). */
export async function exportCustomers(options: ExportOptions): Promise<CsvFile> {
  const branch = await getBranch();
  const today = findToday(options.now ?? new Date(), branch.timezone);
  const rows = await selectCustomerSummaries(await getDb(), today);
  const content = buildCustomersCsv(rows, { timezone: branch.timezone, t: getTranslator(options.locale, 'exports') });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, rows: rows.length }, 'staff exported the customer list');
  return { filename: `customers-${today}.csv`, content, rows: rows.length };
}

/**
 * The do-not-email list (docs/decisions/0074): every address that stands on it, newest first, with
 * since when, how, and the office's record. The log says who exported it and how many rows, never the addresses.
 */
export async function exportUnsubscribedAddresses(options: ExportOptions): Promise<CsvFile> {
  const branch = await getBranch();
  const rows = await listAllUnsubscribedAddresses();
  const tHow = getTranslator(options.locale, 'marketingEmail.list.how');
  const content = buildUnsubscribedCsv(rows, { timezone: branch.timezone, t: getTranslator(options.locale, 'exports'), describeHow: (source) => tHow(source ?? 'unknown') });
  getLogger().info({ staffUserId: options.staff.staffUserId, username: options.staff.username, rows: rows.length }, 'staff exported the unsubscribed addresses');
  return { filename: `unsubscribed-addresses-${findToday(options.now ?? new Date(), branch.timezone)}.csv`, content, rows: rows.length };
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
