import 'server-only';
import { getDb } from '@/db/client';
import { AppError } from '@/lib/errors';
import { findPublicAppointment, insertBookingAnalytics, listAppointmentsWithCustomers } from './appointment.repository';
import type { BookingAnalyticsRecord } from './booking.schema';
import { findCustomerByEmail, listCustomers } from './customer.repository';

/** Public: id, date, time, serviceType and status only (DECISIONS §5). */
export async function getPublicAppointment(rawId: string) {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', 'errors.notFound');
  const row = await findPublicAppointment(await getDb(), id);
  if (!row) throw new AppError('not_found', 'errors.notFound');
  return row;
}

/** Staff only (the caller has run `requireStaff()`). */
export async function listStaffCustomers() {
  return listCustomers(await getDb());
}

/** Staff only. */
export async function findStaffCustomerByEmail(email: string) {
  const row = await findCustomerByEmail(await getDb(), email.trim());
  if (!row) throw new AppError('not_found', 'errors.notFound');
  return row;
}

/** Staff only: appointments with the customer's name, as the admin table shows them. */
export async function listStaffAppointments() {
  const rows = await listAppointmentsWithCustomers(await getDb());
  return rows.map(({ customerFirstName, customerLastName, ...row }) => ({
    ...row,
    customerName: `${customerFirstName} ${customerLastName}`.trim(),
    customerFirstName,
    customerLastName,
  }));
}

/** Stores one funnel step (SPEC §3 booking analytics record). */
export async function recordBookingAnalytics(record: BookingAnalyticsRecord): Promise<number> {
  const occurredAt = record.timestamp ? new Date(record.timestamp) : null;
  const location = record.location ? Object.fromEntries(Object.entries(record.location).filter(([, v]) => typeof v === 'string')) : null;
  const customerInfo = record.customerInfo ?? null;
  return insertBookingAnalytics(await getDb(), {
    sessionId: record.sessionId,
    conversionStage: record.conversionStage,
    planType: record.planType ?? null,
    planId: record.planId ?? null,
    propertySize: record.propertySize ?? null,
    location: location as { city?: string; postalCode?: string } | null,
    pageSource: record.pageSource ?? null,
    customerInfo,
    occurredAt: occurredAt && !Number.isNaN(occurredAt.getTime()) ? occurredAt : null,
  });
}
