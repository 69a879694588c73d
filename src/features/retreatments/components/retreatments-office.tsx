'use client';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormDialog, RecordActionButton } from '@/components/ui/record-dialogs';
import { toast } from '@/components/ui/use-toast';
import { localePath } from '@/components/site/locale-paths';
import { callStaffApi, readRefusal } from '@/features/staff-dashboard/components/staff-api';
import { FridayChoiceForm } from '@/features/scheduling/components/friday-choice-form';
import { useFridayChoice } from '@/features/scheduling/components/use-friday-choice';
import { formatLongDate, formatShortDate, formatShortDateTime } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { RETREATMENT_NOTE_MAX } from '../retreatment.schema';
import type { OfficeRetreatmentRequest } from '../retreatment.service';

type Props = {
  open: OfficeRetreatmentRequest[];
  handled: OfficeRetreatmentRequest[];
  /** The plans' names in the page's language, by service type. */
  planLabels: Record<string, string>;
};

const STATUS_BADGE: Record<string, 'default' | 'secondary' | 'outline'> = { open: 'default', scheduled: 'secondary', declined: 'outline', withdrawn: 'outline' };

/**
 * The office's re-treatment requests (docs/decisions/0047): the open ones, each with "Schedule"
 * (a Friday with room, booked as a free visit) and "Decline" (with a reason the customer reads),
 * then the ones answered lately or withdrawn by the customer (0051). The page is read on the server;
 * after an answer it is read again.
 */
export function RetreatmentsOffice({ open, handled, planLabels }: Props) {
  const t = useTranslations('retreatments.office');
  const [scheduling, setScheduling] = useState<OfficeRetreatmentRequest | null>(null);
  const [declining, setDeclining] = useState<OfficeRetreatmentRequest | null>(null);

  return (
    <div className="space-y-10">
      <section aria-labelledby="open-requests" className="space-y-3">
        <h2 id="open-requests" className="text-xl font-semibold">{t('openHeading', { count: open.length })}</h2>
        {open.length === 0 ? <p className="rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{t('openEmpty')}</p> : (
          <ul className="space-y-3">
            {open.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} planLabels={planLabels}>
                  <div className="flex flex-wrap gap-2 pt-2">
                    <RecordActionButton primary label={t('schedule')} recordName={request.customer.name} onClick={() => setScheduling(request)} />
                    <RecordActionButton label={t('decline')} recordName={request.customer.name} onClick={() => setDeclining(request)} />
                  </div>
                </RequestCard>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="handled-requests" className="space-y-3">
        <h2 id="handled-requests" className="text-xl font-semibold">{t('handledHeading')}</h2>
        {handled.length === 0 ? <p className="rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{t('handledEmpty')}</p> : (
          <ul className="space-y-3">
            {handled.map((request) => (
              <li key={request.id}><RequestCard request={request} planLabels={planLabels} /></li>
            ))}
          </ul>
        )}
      </section>

      <ScheduleDialog request={scheduling} onClose={() => setScheduling(null)} />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}

function RequestCard({ request, planLabels, children }: { request: OfficeRetreatmentRequest; planLabels: Record<string, string>; children?: ReactNode }) {
  const t = useTranslations('retreatments');
  const locale = useLocale();
  const headingId = `retreatment-${request.id}`;
  const who = request.handledBy ?? t('office.someone');
  const when = formatShortDateTime(request.handledAt, locale) ?? '';
  const field = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
  return (
    <article aria-labelledby={headingId} className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {request.customer.name}
          <span className="font-normal text-gray-600"> · {t('office.booking', { reference: request.bookingRef })}</span>
        </h3>
        <Badge variant={STATUS_BADGE[request.status] ?? 'outline'}>{t(`office.status.${request.status}`)}</Badge>
      </header>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {field(t('office.address'), request.address || t('office.none'))}
        {field(t('office.plan'), request.plan ? planLabels[request.plan] ?? request.plan : t('office.none'))}
        {field(t('office.reason'), t(`reasons.${request.reason}`))}
        {field(t('office.asked'), formatShortDateTime(request.requestedAt, locale))}
        {field(t('office.lastVisit'), request.lastVisitDate ? formatShortDate(request.lastVisitDate, locale) : t('office.none'))}
        {field(t('office.note'), request.note ? <span className="whitespace-pre-line">{request.note}</span> : t('office.noNote'))}
      </dl>
      <p className="flex flex-wrap gap-x-3">
        <a className="text-brand-800 underline" href={`mailto:${request.customer.email}`}>{request.customer.email}</a>
        <a className="text-brand-800 underline" href={`tel:${request.customer.phone}`}>{request.customer.phone}</a>
        <a className="text-brand-800 underline" href={localePath(locale, `/customer-details?id=${request.customer.id}`)}>{t('office.customerPage')}</a>
      </p>
      {request.status === 'scheduled' && request.visitDate ? (
        <p>{t('office.scheduledLine', { date: formatLongDate(request.visitDate, locale), name: who, when })}</p>
      ) : null}
      {request.status === 'declined' ? <p>{t('office.declinedLine', { name: who, when, reason: request.declineReason ?? '' })}</p> : null}
      {request.status === 'withdrawn' ? <p>{t('office.withdrawnLine', { when })}</p> : null}
      {children}
    </article>
  );
}

function ScheduleDialog({ request, onClose }: { request: OfficeRetreatmentRequest | null; onClose: () => void }) {
  const t = useTranslations('retreatments');
  const tAll = useTranslations();
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const { form, reset } = useFridayChoice({
    openKey: request?.id ?? null,
    chooseMessage: t('errors.chooseDate'),
    load: async (signal) => {
      const answer = await callStaffApi<{ dates: string[] }>(`/api/retreatments/${request?.id}/dates`, { signal });
      return answer.ok && Array.isArray(answer.body?.dates) ? { ok: true, dates: answer.body.dates, extra: {} } : { ok: false, message: readRefusal(answer.body) };
    },
    send: async (date) => {
      if (!request) return null;
      const answer = await callStaffApi<{ date: string }>(`/api/retreatments/${request.id}/schedule`, { method: 'POST', body: { date } });
      if (answer.ok) {
        toast({ title: t('office.scheduledTitle'), description: t('office.scheduledBody', { name: request.customer.name, date: formatLongDate(answer.body?.date ?? date, locale) }) });
        close();
        router.refresh();
        return null;
      }
      // A request answered by someone else meanwhile shows as answered.
      router.refresh();
      return readRefusal(answer.body) ?? tAll('errors.generic');
    },
  });

  const close = () => {
    // The next request's dialog starts from "loading", never from this one's list.
    reset();
    onClose();
  };

  const name = request?.customer.name ?? '';
  return (
    <FormDialog open={request !== null} onClose={close} title={t('office.scheduleTitle', { name })} description={t('office.scheduleDescription')} closeLabel={t('office.close')}>
      <FridayChoiceForm
        id={id}
        {...form}
        labels={{
          loading: t('office.loading'), loadFailed: t('office.loadFailed'), empty: t('office.noDates'),
          date: t('office.dateLabel'), choose: t('office.choose'), cancel: t('office.cancel'), submit: t('office.submitSchedule'), submitting: t('office.scheduling'),
        }}
        onCancel={close}
      />
    </FormDialog>
  );
}

function DeclineDialog({ request, onClose }: { request: OfficeRetreatmentRequest | null; onClose: () => void }) {
  const t = useTranslations('retreatments');
  const tAll = useTranslations();
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    if (!reason.trim()) {
      setError(t('errors.declineReasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await callStaffApi(`/api/retreatments/${request.id}/decline`, { method: 'POST', body: { reason } });
    setBusy(false);
    if (answer.ok) {
      toast({ title: t('office.declinedTitle'), description: t('office.declinedBody', { name: request.customer.name }) });
      close();
      router.refresh();
      return;
    }
    setError(readRefusal(answer.body) ?? tAll('errors.generic'));
    router.refresh();
  };

  const name = request?.customer.name ?? '';
  return (
    <FormDialog open={request !== null} onClose={close} title={t('office.declineTitle', { name })} description={t('office.declineDescription')} closeLabel={t('office.close')}>
      <form method="post" noValidate onSubmit={submit} className="space-y-4">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-reason`}>{t('office.declineReasonLabel')}</Label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={RETREATMENT_NOTE_MAX}
            rows={4}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
          />
        </div>
        {error ? <p id={`${id}-error`} role="alert" className="text-sm text-red-700">{error}</p> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={close}>{t('office.cancel')}</Button>
          <Button type="submit" variant="destructive" disabled={!hydrated || busy}>{busy ? t('office.declining') : t('office.submitDecline')}</Button>
        </div>
      </form>
    </FormDialog>
  );
}
