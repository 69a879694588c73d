'use client';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { formatLabelled } from '@/features/email/email-layout';
import { describeAppliedProduct } from '@/features/application-records/application-rules';
import { describeVisitAddOns } from '@/features/scheduling/visit-add-ons';
import type { RouteStop } from '../route.service';
import { NotTreatedNotice } from './not-treated-notice';
import { describeNotTreated, findServiceLabelKey, formatClock } from './route-format';
import { formatAddressLine } from '@/lib/address-line';
import { OutsideAreaFlag } from '@/features/service-area/components/outside-area-flag';
import { stopNumberInk } from '@/features/technicians/technician.schema';

/**
 * A route's stops in driving order: position, customer, address, ETA (or the booked time), phone,
 * service and the add-ons sold with it (0062), notes, "Added after planning" on a stop that joined the route after it was planned (0041),
 * and "Done" on a completed visit with the technician's note to the customer (0038) and the products applied (0110), and "Not treated" with its reason, who and when (0085), and "Outside the current service area" on a stop whose community is no longer served (0096). `renderAction` adds a control under a stop (the
 * day sheet's "Mark done"; the route manager has none).
 */
export function RouteStopList({ stops, color, label, renderAction }: {
  stops: RouteStop[];
  color: string;
  label: string;
  renderAction?: (stop: RouteStop) => ReactNode;
}) {
  const t = useTranslations('routing');
  const tRecords = useTranslations('applicationRecords');
  const locale = useLocale();
  return (
    <ol className="divide-y divide-gray-100" aria-label={label}>
      {stops.map((stop) => {
        const name = `${stop.customer.firstName} ${stop.customer.lastName}`;
        const phone = stop.appointment.phone ?? stop.customer.phone;
        const eta = formatClock(stop.eta, locale);
        const addOns = describeVisitAddOns(stop.appointment, locale, t);
        const notTreated = describeNotTreated(stop.appointment, locale, t);
        return (
          <li key={stop.appointment.id} className="flex gap-3 py-3" data-testid="route-stop">
            <span
              className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold"
              style={{ backgroundColor: color, color: stopNumberInk(color) }}
              aria-hidden="true"
            >
              {stop.position}
            </span>
            <div className="min-w-0 flex-1 space-y-0.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-semibold">
                  <span className="sr-only">{`${stop.position}. `}</span>
                  {name}
                  {stop.appointment.status === 'completed' ? <Badge variant="secondary" className="ml-2 align-middle">{t('stopDone')}</Badge> : null}
                  {/* Joined the route after it was planned (0041): the office tells the crew, the crew sees it on their sheet. */}
                  {stop.addedAfterPlanning ? <Badge variant="outline" className="ml-2 border-amber-400 bg-amber-50 align-middle text-amber-950">{t('addedAfterPlanning')}</Badge> : null}
                </p>
                <p className="text-sm font-medium text-gray-700">
                  {eta ? formatLabelled(locale, t('eta'), eta) : formatLabelled(locale, t('appointmentTime'), formatClock(stop.appointment.time, locale) ?? '')}
                </p>
              </div>
              <p className="text-sm text-gray-700">{formatAddressLine(stop.appointment.address, stop.appointment.city)}</p>
              {/* A community the owner stopped serving after the booking (0096): the stop stays, the office calls. */}
              {stop.outsideServiceArea ? <OutsideAreaFlag flag={stop.outsideServiceArea} for="visit" /> : null}
              <p className="flex flex-wrap gap-x-3 text-sm">
                {phone ? (
                  <a className="font-medium text-brand-800 underline-offset-4 hover:underline" href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={t('callPhone', { name, phone })}>
                    {phone}
                  </a>
                ) : null}
                <span className="text-gray-600">{t(findServiceLabelKey(stop.appointment))}</span>
              </p>
              {addOns ? <p className="text-sm font-medium text-gray-800" data-testid="stop-add-ons">{addOns}</p> : null}
              {stop.appointment.notes ? <p className="text-sm text-gray-600">{formatLabelled(locale, t('notes'), stop.appointment.notes)}</p> : null}
              {stop.appointment.status === 'completed' && stop.appointment.visitNote ? (
                <p className="whitespace-pre-line text-sm text-gray-700" data-testid="visit-note">{formatLabelled(locale, t('visitNoteLabel'), stop.appointment.visitNote)}</p>
              ) : null}
              {/* What was applied, from the stop's record (0110): the crew sees what the customer's report says. */}
              {stop.appointment.status === 'completed' && stop.applied && stop.applied.length > 0 ? (
                <div className="text-sm text-gray-700" data-testid="stop-applied">
                  <p className="font-medium">{t('appliedLabel')}</p>
                  <ul className="list-disc pl-5">
                    {stop.applied.map((line) => <li key={`${line.productName}-${line.pcpNumber}`}>{describeAppliedProduct(line, locale, (key, values) => tRecords(key, values))}</li>)}
                  </ul>
                </div>
              ) : null}
              {/* The technician could not treat (0085): the office sees why, who and when, and moves the visit. */}
              {notTreated ? <NotTreatedNotice notTreated={notTreated} /> : null}
              {renderAction?.(stop)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
