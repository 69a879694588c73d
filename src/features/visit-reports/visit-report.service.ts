import 'server-only';
import type { DbExecutor } from '@/db/client';
import { listVisitApplications } from '@/features/application-records/application-record.repository';
import { findServiceAddress } from '@/features/booking/service-address';
import { getBranch } from '@/features/branch/branch.service';
import { enqueueEmail } from '@/features/email/outbox.service';
import { decideRetreatment } from '@/features/retreatments/retreatment-eligibility';
import { selectBookingRequests, selectBookingVisits } from '@/features/retreatments/retreatment.repository';
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
 * language, with the add-ons done and, while the guarantee can be claimed, the link to the
 * customer's re-treatment request (0065), and marks the visits it names so that an Undo and a new done mark send nothing more
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
  const branch = await getBranch(first.branchId, tx);
  // What the guarantee offers once this day is done, as the customer's page will answer (0047): the
  // report links the request while it can be made, with its last day (0065).
  const retreatment = decideRetreatment({
    visits: await selectBookingVisits(tx, day.bookingRef),
    requests: await selectBookingRequests(tx, day.bookingRef),
    now,
    timezone: branch.timezone,
  });
  // What was applied at each visit, as its record keeps it (written before the done mark, 0110).
  const applied = await listVisitApplications(tx, reported.map((v) => v.id));
  const email = renderVisitReportEmail({
    locale,
    branch,
    customerFirstName: first.customerFirstName,
    bookingRef: day.bookingRef,
    linkGeneration: first.manageLinkGeneration,
    date: day.date,
    address: findServiceAddress(first),
    visits: reported.map((v) => ({
      serviceType: v.serviceType, kind: v.kind, visitNumber: v.visitNumber, includeTick: v.includeTick, includeTargetedInsects: v.includeTargetedInsects, extras: v.extras, note: v.visitNote,
      applied: applied.filter((line) => line.appointmentId === v.id),
    })),
    nextVisitDate: await findNextVisitDate(tx, day.bookingRef, day.date),
    retreatment,
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
