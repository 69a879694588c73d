import { z } from 'zod';
import type { ApplicationLines } from '@/features/application-records/application-record.schema';
import { isCalendarDate, StopStatusChangeSchema } from '@/features/routing/route.schema';
import { isFriday } from '@/features/scheduling/available-dates';
import { checkServiceArea } from '@/features/service-area/postal-code';
import { limitedText, requiredPhone } from '@/lib/field-limits';
import { APPOINTMENT_STATUS_FILTERS, APPOINTMENT_VIEWS, decodeAppointmentCursor } from './appointment-list';
import { LIST_MAX_ROWS, LIST_PAGE_SIZE } from './list-paging';
import { QUOTE_EMAIL_MAX_LENGTH, QUOTE_SEARCH_MAX_LENGTH, QUOTE_STATUS_FILTERS, readQuoteEmailParam, readQuoteSearch } from './quote-list';
import { decodeRecordCursor } from './record-list';

/**
 * What staff may set on an appointment from the dashboard: a confirmed visit is marked completed
 * once it is done, and a completion entered by mistake is taken back. Every other status belongs
 * to the booking and payment flows (holds, payments, cancellations).
 */
export const APPOINTMENT_STAFF_STATUSES = ['completed', 'confirmed'] as const;
export type AppointmentStatusChange = { status: (typeof APPOINTMENT_STAFF_STATUSES)[number] };

/** Who applied the products, named by the office when the visit is on no route (0046); null: not chosen. */
const technicianChoice = z.number('applicationRecords.technicianUnknown')
  .int('applicationRecords.technicianUnknown')
  .positive('applicationRecords.technicianUnknown')
  .nullable()
  .optional();

/**
 * PATCH /api/admin/appointments/{id}: `{ status }` marks a visit completed or back, `{ date }`
 * moves it to another Friday (docs/decisions/0015, later addendum). A move always leaves the
 * visit confirmed (a paid visit that needed a new date is confirmed on it), so `status` may come
 * with a date only as 'confirmed'. Whether the date is a bookable Friday with room is the service's rule.
 * 'completed' comes as the day sheet's done mark does (0046): the note to the customer and the
 * products applied, read by the day sheet's own schema pieces, and `technicianId` for a visit on
 * no route; with 'confirmed' or a date none of them is read.
 */
export const AppointmentChangeSchema = z.object({
  status: z.enum(APPOINTMENT_STAFF_STATUSES, 'adminDashboard.invalidStatus').optional(),
  date: z.string('adminDashboard.move.invalidDate').refine(isCalendarDate, 'adminDashboard.move.invalidDate').optional(),
  note: StopStatusChangeSchema.shape.note,
  applications: StopStatusChangeSchema.shape.applications,
  technicianId: technicianChoice,
}).superRefine((change, ctx) => {
  if (change.date === undefined && change.status === undefined) {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'adminDashboard.invalidStatus' });
  } else if (change.date !== undefined && change.status === 'completed') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: 'adminDashboard.move.staysConfirmed' });
  }
}).transform((change): AppointmentChange => {
  if (change.date !== undefined) return { kind: 'move', date: change.date };
  if (change.status === 'confirmed') return { kind: 'status', status: 'confirmed' };
  return { kind: 'complete', status: 'completed', note: change.note, applications: change.applications, technicianId: change.technicianId ?? null };
});

/** The office's "Mark completed": the done mark with its note and application record (0046). */
export type OfficeCompletion = {
  kind: 'complete';
  status: 'completed';
  note?: string;
  applications?: ApplicationLines;
  /** The technician the office names; read only when the visit has no route technician. */
  technicianId: number | null;
};
export type AppointmentChange = { kind: 'move'; date: string } | { kind: 'status'; status: 'confirmed' } | OfficeCompletion;

/** A contact message's life in the office: new, read, replied, archived (any order). */
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export const MessageStatusChangeSchema = z.object({
  status: z.enum(MESSAGE_STATUSES, 'adminDashboard.invalidStatus'),
});
export type MessageStatusChange = z.infer<typeof MessageStatusChangeSchema>;

/** A query string's empty values (`?date=&status=`) mean "no filter", as if left out. */
const dropBlankValues = (query: unknown) => (
  query && typeof query === 'object' ? Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) : query
);

/** How many rows one page request asks for: a page by default, up to all a refresh shows. */
const pageLimit = z.coerce.number('errors.invalidField').int('errors.invalidField').min(1, 'errors.invalidField')
  .max(LIST_MAX_ROWS, 'errors.invalidField').default(LIST_PAGE_SIZE);

/** A position in a list of visits: the last row's (date, time, id), as `encodeAppointmentCursor` writes it. */
const visitCursor = z.string('adminDashboard.list.invalidCursor').max(200, 'adminDashboard.list.invalidCursor').transform((value, ctx) => {
  const cursor = decodeAppointmentCursor(value);
  if (!cursor || !isCalendarDate(cursor.date)) {
    ctx.addIssue({ code: 'custom', message: 'adminDashboard.list.invalidCursor' });
    return z.NEVER;
  }
  return cursor;
});

/**
 * GET /api/admin/appointments `?view=&date=&status=&cursor=&limit=`: one page of the Appointments
 * tab. `date` is one Friday (visits are on Fridays only); `cursor` is the `nextCursor` of the
 * page before; `limit` lets a refresh ask for as many rows as the list shows.
 */
export const AppointmentListQuerySchema = z.preprocess(dropBlankValues, z.object({
  view: z.enum(APPOINTMENT_VIEWS, 'adminDashboard.list.invalidView').default('upcoming'),
  date: z.string('adminDashboard.list.invalidDate')
    .refine(isCalendarDate, 'adminDashboard.list.invalidDate')
    .refine(isFriday, 'adminDashboard.list.notFriday')
    .optional(),
  status: z.enum(APPOINTMENT_STATUS_FILTERS, 'adminDashboard.invalidStatus').optional(),
  cursor: visitCursor.optional(),
  limit: pageLimit,
}));
export type AppointmentListQuery = z.output<typeof AppointmentListQuerySchema>;

/** The `nextCursor` of a newest-first list's page before: a (created_at, id) position. */
const recordCursor = z.string('adminDashboard.list.invalidCursor').max(200, 'adminDashboard.list.invalidCursor').transform((value, ctx) => {
  const cursor = decodeRecordCursor(value);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'adminDashboard.list.invalidCursor' });
    return z.NEVER;
  }
  return cursor;
});

/**
 * GET /api/admin/{payments,messages,outbox} `?cursor=&limit=`: one page of the Payments, Messages
 * or Emails tab, newest first; `cursor` is the `nextCursor` of the page before.
 */
export const RecordListQuerySchema = z.preprocess(dropBlankValues, z.object({
  cursor: recordCursor.optional(),
  limit: pageLimit,
}));
export type RecordListQuery = z.output<typeof RecordListQuerySchema>;

/**
 * GET /api/admin/payments `?from=&to=&cursor=&limit=`: a page of the Payments tab, of the payments
 * created within From/To when given (0101). The range's rule is the exports' (`readListRange`),
 * checked by the service so a refusal names its field as theirs does.
 */
export const PaymentListQuerySchema = z.preprocess(dropBlankValues, z.object({
  from: z.string('exports.errors.invalidDate').max(20, 'exports.errors.invalidDate').optional(),
  to: z.string('exports.errors.invalidDate').max(20, 'exports.errors.invalidDate').optional(),
  cursor: recordCursor.optional(),
  limit: pageLimit,
}));
export type PaymentListQuery = z.output<typeof PaymentListQuerySchema>;

/**
 * GET /api/admin/customers `?filter=nothing-booked-ahead&cursor=&limit=`: a page of the customers
 * with a past visit and nothing booked from today on (0101), the most recent last visit first;
 * `cursor` is the last row's visit (0109).
 */
export const NothingBookedAheadQuerySchema = z.preprocess(dropBlankValues, z.object({
  filter: z.literal('nothing-booked-ahead', 'errors.invalidField'),
  cursor: visitCursor.optional(),
  limit: pageLimit,
}));
export type NothingBookedAheadListQuery = z.output<typeof NothingBookedAheadQuerySchema>;

/**
 * GET /api/admin/quotes `?status=&q=&email=&cursor=&limit=`: one page of /quotes-admin, newest
 * first, of one state or all (0073), matching a search by customer name, email or quote number,
 * and sent to one address exactly (quote-list.ts). A search of only spaces is no search.
 */
export const QuoteListQuerySchema = z.preprocess(dropBlankValues, z.object({
  status: z.enum(QUOTE_STATUS_FILTERS, 'adminDashboard.invalidStatus').optional(),
  q: z.string('errors.invalidField').max(QUOTE_SEARCH_MAX_LENGTH, 'errors.invalidField').transform((value) => readQuoteSearch(value) ?? undefined).optional(),
  // One address exactly (0073), read as the page reads `?email=`.
  email: z.string('errors.invalidField').trim().max(QUOTE_EMAIL_MAX_LENGTH, 'errors.invalidField').transform((value) => readQuoteEmailParam(value) ?? undefined).optional(),
  cursor: recordCursor.optional(),
  limit: pageLimit,
}));
export type QuoteListQuery = z.output<typeof QuoteListQuerySchema>;

/**
 * A customer's contact details as the office corrects them (customer details page). The same
 * limits and phone rule as the booking forms; the address, town and postal code may be left empty,
 * but a postal code that is given must be a Canadian one.
 */
export const CustomerContactSchema = z.object({
  firstName: limitedText('firstName').min(1, 'adminDashboard.customerEdit.firstNameRequired'),
  lastName: limitedText('lastName').min(1, 'adminDashboard.customerEdit.lastNameRequired'),
  email: limitedText('email').pipe(z.email('adminDashboard.customerEdit.emailInvalid')),
  phone: requiredPhone('adminDashboard.customerEdit.phoneRequired'),
  address: limitedText('address'),
  city: limitedText('city'),
  postalCode: limitedText('postalCode').refine((value) => value === '' || checkServiceArea(value, []).valid, 'adminDashboard.customerEdit.postalCodeInvalid'),
});
export type CustomerContactInput = z.input<typeof CustomerContactSchema>;
export type CustomerContact = z.output<typeof CustomerContactSchema>;
