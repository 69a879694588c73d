import 'server-only';
import type { DbExecutor } from '@/db/client';
import { findServiceAddress } from '@/features/booking/service-address';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { toLocale } from '@/i18n/routing';
import { findReportVisits } from './report-due';
import { findNextVisitDate, findVisitBookingDay, listBookingDayVisits, lockBookingDayReport, markVisitReportsQueued } from './visit-report.repository';
import { renderVisitReportEmail } from './visit-report-email';

/** The outbox topic of a booking's report for one Friday. */
export const visitReportTopic = (bookingRef: string, date: string) => `visit-report:${bookingRef}:${date}`;

/**
 * A visit was just marked done (the day sheet or the dashboard, `changeAppointmentStatus`), in
 * that change's transaction: queues the customer's report of the booking's Friday when it is due
 * (`findReportVisits`: the day's last visit done, no report queued before), in the booking's
 * language, and marks the visits it names so that an Undo and a new done mark send nothing more
 * (docs/decisions/0038). Returns the outbox id, or null when nothing was queued.
 */
export async function queueVisitReport(tx: DbExecutor, appointmentId: number, now: Date): Promise<number | null> {
  const day = await findVisitBookingDay(tx, appointmentId);
  if (!day) return null;
  await lockBookingDayReport(tx, day.bookingRef, day.date);
  const visits = await listBookingDayVisits(tx, day.bookingRef, day.date);
  const reported = findReportVisits(visits);
  if (!reported) return null;
  const first = reported[0]!;
  const locale = toLocale(first.locale);
  const email = renderVisitReportEmail({
    locale,
    branch: await getBranch(first.branchId, tx),
    customerFirstName: first.customerFirstName,
    bookingRef: day.bookingRef,
    linkGeneration: first.manageLinkGeneration,
    date: day.date,
    address: findServiceAddress(first),
    visits: reported.map((v) => ({ serviceType: v.serviceType, kind: v.kind, includeTick: v.includeTick, includeTargetedInsects: v.includeTargetedInsects, note: v.visitNote })),
    nextVisitDate: await findNextVisitDate(tx, day.bookingRef, day.date),
  });
  const { id } = await enqueueEmail(tx, {
    kind: 'visit-report',
    to: first.customerEmail,
    locale,
    ...email,
    relatedType: 'appointment',
    relatedId: Math.min(...reported.map((v) => v.id)),
    topic: visitReportTopic(day.bookingRef, day.date),
  });
  await markVisitReportsQueued(tx, reported.map((v) => v.id), now);
  return id;
}
