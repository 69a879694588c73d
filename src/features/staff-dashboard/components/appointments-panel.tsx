'use client';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import type { OfficeCompletionForm } from '@/features/application-records/application-record.service';
import { NotTreatedNotice } from '@/features/routing/components/not-treated-notice';
import { describeNotTreated } from '@/features/routing/components/route-format';
import { isVisitDayReached } from '@/features/routing/stop-completion';
import { describeVisitAddOns } from '@/features/scheduling/visit-add-ons';
import { formatTimeOfDay } from '@/lib/format';
import {
  APPOINTMENT_STATUS_FILTERS, APPOINTMENT_VIEWS, buildAppointmentListPath, DEFAULT_APPOINTMENT_FILTER, NEEDS_NEW_DATE_FILTER,
  type AppointmentListFilter, type AppointmentStatusFilter, type AppointmentView,
} from '../appointment-list';
import type { AppointmentPage } from '../dashboard.service';
import { appendPage, sizeRefresh } from '../list-paging';
import { type CompletableVisit, CompleteVisitDialog } from './complete-visit-dialog';
import { DataTable } from './data-table';
import { LoadMore } from './load-more';
import { MoveVisitDialog, type MovableAppointment, type MovedVisits, useVisitMovedToast } from './move-visit-dialog';
import { callStaffApi, patchStatus, readRefusal } from './staff-api';
import { useDashboardFormat } from './use-dashboard-format';
import { serviceLabelKey } from '@/features/scheduling/visit-kinds';
import { formatAddressLine } from '@/lib/address-line';
import { OutsideAreaFlag } from '@/features/service-area/components/outside-area-flag';

type Row = AppointmentPage['appointments'][number];
type ListState = {
  filter: AppointmentListFilter;
  rows: Row[];
  nextCursor: string | null;
  /** What is loading: a new filter's first page, or the next page. */
  pending: 'filter' | 'more' | null;
  error: string | null;
  /** The branch's day at the latest read: "Mark completed" is offered from a visit's day on (0057). */
  today: string;
};

const SELECT_CLASS = 'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink disabled:cursor-not-allowed disabled:opacity-60';

/** A visit's service, and under it what was sold with it besides (0064). */
function ServiceWithAddOns({ service, addOns }: { service: string; addOns: string | null }) {
  return addOns ? <span>{service}<span className="block text-xs text-gray-700">{addOns}</span></span> : <>{service}</>;
}

/**
 * The Appointments tab: upcoming visits first, a view, Friday and status filter, and "Load more"
 * pages from GET /api/admin/appointments. The list always shows what the server holds for the
 * filter: after a visit is marked completed or moved (and on each dashboard poll), the rows shown
 * are read again, so a visit that no longer matches the filter leaves it and a moved one takes
 * its place at its new date. "Mark completed" asks what the day sheet's "Mark done" asks (the
 * products applied and the note to the customer, docs/decisions/0046); "Undo" changes at once.
 * A visit whose day has not come (the branch's day, as the server read it last) offers no "Mark
 * completed", and a line above the list says why while such a visit is shown (0057): completing
 * one sends the customer their visit report. The server refuses it anyway.
 */
export function AppointmentsPanel({ initial, refreshTick, customerDetailsPath, completion, needsNewDate = 0 }: {
  initial: AppointmentPage;
  refreshTick: number;
  /** The customer page (with their bookings, cancellation and refunds) each row's name links to. */
  customerDetailsPath: string;
  /** The products and technicians "Mark completed" offers. */
  completion: OfficeCompletionForm;
  /**
   * Visits the office must give a new Friday (the dashboard's figure, 0086): paid after their Friday
   * filled, or not treated on their day. Said above the list with a button that lists them.
   */
  needsNewDate?: number;
}) {
  const t = useTranslations('adminDashboard');
  // The add-ons' names are the day sheet's (0062, 0064).
  const tRouting = useTranslations('routing');
  const locale = useLocale();
  const format = useDashboardFormat();
  const movedToast = useVisitMovedToast();
  const ids = { view: useId(), friday: useId(), fridayHint: useId(), status: useId() };
  const [list, setList] = useState<ListState>({
    filter: DEFAULT_APPOINTMENT_FILTER, rows: initial.appointments, nextCursor: initial.nextCursor, pending: null, error: null, today: initial.today,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [moving, setMoving] = useState<Row | null>(null);
  const [completing, setCompleting] = useState<CompletableVisit | null>(null);
  // The list as last rendered, for requests started from callbacks; each request's number says
  // whether a later one (another filter, a refresh) has taken over the list meanwhile.
  const latest = useRef(list);
  const generation = useRef(0);
  useEffect(() => {
    latest.current = list;
  }, [list]);

  const load = useCallback(async (filter: AppointmentListFilter, mode: 'filter' | 'more' | 'refresh') => {
    const shown = latest.current;
    let path: string;
    if (mode === 'more') {
      if (!shown.nextCursor) return;
      path = buildAppointmentListPath(filter, { cursor: shown.nextCursor });
    } else if (mode === 'refresh') {
      const limit = sizeRefresh(shown.rows.length);
      if (limit === null) return;
      path = buildAppointmentListPath(filter, { limit });
    } else {
      path = buildAppointmentListPath(filter);
    }
    const request = ++generation.current;
    if (mode !== 'refresh') setList((l) => ({ ...l, filter, pending: mode, error: null }));
    const answer = await callStaffApi<AppointmentPage>(path);
    if (request !== generation.current) return;
    if (!answer.ok || !answer.body?.appointments) {
      // A refresh that fails keeps what is shown; the dashboard's poll deals with an ended session.
      if (mode === 'refresh') return setList((l) => ({ ...l, pending: null }));
      const error = readRefusal(answer.body) ?? t('list.loadFailed');
      return setList((l) => (mode === 'more' ? { ...l, pending: null, error } : { ...l, rows: [], nextCursor: null, pending: null, error }));
    }
    const page = answer.body;
    setList((l) => ({
      ...l,
      rows: mode === 'more' ? appendPage(l.rows, page.appointments) : page.appointments,
      nextCursor: page.nextCursor,
      pending: null,
      error: null,
      today: page.today,
    }));
  }, [t]);

  const refresh = useCallback(() => load(latest.current.filter, 'refresh'), [load]);

  useEffect(() => {
    // The dashboard's 30-second poll: read the list again, unless the office is loading it right
    // now or its filter was refused (no rows and an error: asking again would be refused again).
    const { pending, error, rows } = latest.current;
    if (refreshTick > 0 && pending === null && !(error !== null && rows.length === 0)) void refresh();
  }, [refreshTick, refresh]);

  const changeFilter = (change: Partial<AppointmentListFilter>) => void load({ ...latest.current.filter, ...change }, 'filter');

  /** "Undo completed": at once, as on the day sheet. */
  const reopen = async (appointment: Row) => {
    setBusy(appointment.id);
    const result = await patchStatus(`/api/admin/appointments/${appointment.id}`, { status: 'confirmed' });
    setBusy(null);
    if (!result.ok) {
      toast({ variant: 'destructive', title: t('updateFailedTitle'), description: result.message ?? t('updateFailed') });
      // Refused mostly because the row is out of date (another admin moved, cancelled or completed
      // the visit): show it as it is now rather than offer the same action again.
      void refresh();
      return;
    }
    setList((l) => ({ ...l, rows: l.rows.map((a) => (a.id === appointment.id ? { ...a, status: result.status } : a)) }));
    toast({ title: t('statusUpdatedTitle'), description: t('appointmentReopenedBody', { name: format.name(appointment.firstName, appointment.lastName), date: format.date(appointment.date) }) });
    void refresh();
  };

  /** A visit's service and what was sold with it, in the row's words: the row and both dialogs name them alike (0064, 0077). */
  const describe = (a: Row) => ({ service: format.service(serviceLabelKey(a)), addOns: describeVisitAddOns(a, locale, tRouting) });

  const openCompletion = (a: Row) => setCompleting({
    id: a.id, date: a.date, serviceType: a.serviceType, technicianId: a.technicianId, visitNote: a.visitNote, locale: a.locale, name: format.name(a.firstName, a.lastName), described: describe(a),
  });

  const visitCompleted = (visit: CompletableVisit, result: { status: string; visitNote: string | null }) => {
    setCompleting(null);
    setList((l) => ({ ...l, rows: l.rows.map((a) => (a.id === visit.id ? { ...a, status: result.status, visitNote: result.visitNote } : a)) }));
    toast({ title: t('statusUpdatedTitle'), description: t('appointmentCompletedBody', { name: visit.name, date: format.date(visit.date) }) });
    void refresh();
  };

  const visitMoved = (appointment: MovableAppointment, moved: MovedVisits) => {
    const movedIds = new Set([appointment.id, ...moved.movedIds]);
    setList((l) => ({
      ...l,
      rows: l.rows.map((a) => (movedIds.has(a.id) ? { ...a, date: moved.date, status: 'confirmed', needsStaffAttention: false, isRescheduled: true, originalDate: a.originalDate ?? a.date, rescheduledReason: null } : a)),
    }));
    movedToast(appointment, moved);
    void refresh();
  };

  // Before its day a visit cannot be completed; a completion made earlier can still be taken back.
  const canComplete = (a: Row) => a.status === 'confirmed' && isVisitDayReached(a.date, list.today);

  const actions = (a: Row) => {
    const next = canComplete(a) ? 'completed' : a.status === 'completed' ? 'confirmed' : null;
    const label = next ? t(next === 'completed' ? 'markCompleted' : 'undoCompleted') : null;
    // A confirmed visit can go to another Friday; a paid one whose Friday was full needs one.
    const moveLabel = a.needsStaffAttention ? t('move.openNeedsDate') : a.status === 'confirmed' ? t('move.open') : null;
    if (!next && !moveLabel) return null;
    const who = `${format.name(a.firstName, a.lastName)}, ${format.date(a.date)}`;
    return (
      <span key="act" className="inline-flex flex-wrap gap-1">
        {next && label ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy === a.id}
            aria-label={`${label}: ${who}`}
            aria-haspopup={next === 'completed' ? 'dialog' : undefined}
            onClick={() => (next === 'completed' ? openCompletion(a) : void reopen(a))}
          >
            {label}
          </Button>
        ) : null}
        {moveLabel ? (
          // Shown strong on a visit that needs its new Friday: paid after its Friday filled, or not treated (0086).
          <Button type="button" size="sm" variant={a.needsStaffAttention || (a.status === 'confirmed' && a.notTreatedReason) ? 'default' : 'outline'} disabled={busy === a.id} aria-label={`${moveLabel}: ${who}`} onClick={() => setMoving(a)}>
            {moveLabel}
          </Button>
        ) : null}
      </span>
    );
  };

  const { filter, rows, pending, error } = list;
  const movingVisit = moving ? describe(moving) : null;
  const waitsForDay = rows.some((a) => a.status === 'confirmed' && !canComplete(a));
  const isDefault = filter.view === DEFAULT_APPOINTMENT_FILTER.view && !filter.date && !filter.status;
  const statusLabel = (s: AppointmentStatusFilter) => {
    if (s === 'needs-attention') return t('needsNewDate.filter');
    return s === 'not-treated' ? t('list.notTreated') : t(`statuses.${s}`);
  };

  return (
    <>
      {needsNewDate > 0 ? (
        <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          <p className="text-sm font-medium">{t('needsNewDate.summary', { count: needsNewDate })}</p>
          {filter.status === NEEDS_NEW_DATE_FILTER.status && filter.view === NEEDS_NEW_DATE_FILTER.view && !filter.date ? null : (
            <Button type="button" variant="outline" size="sm" onClick={() => void load(NEEDS_NEW_DATE_FILTER, 'filter')}>{t('needsNewDate.show')}</Button>
          )}
        </div>
      ) : null}
      <div role="group" aria-label={t('list.filters')} className="mb-3 flex flex-wrap items-start gap-3">
        <div className="w-48 space-y-1.5">
          <Label htmlFor={ids.view}>{t('list.view')}</Label>
          <select
            id={ids.view}
            className={SELECT_CLASS}
            value={filter.view}
            disabled={filter.date !== null}
            aria-describedby={filter.date ? ids.fridayHint : undefined}
            onChange={(e) => changeFilter({ view: e.target.value as AppointmentView })}
          >
            {APPOINTMENT_VIEWS.map((view) => <option key={view} value={view}>{t(`list.views.${view}`)}</option>)}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.friday}>{t('list.friday')}</Label>
          <div className="flex gap-2">
            <Input
              id={ids.friday}
              type="date"
              className="w-44"
              value={filter.date ?? ''}
              aria-invalid={error !== null && filter.date !== null ? true : undefined}
              onChange={(e) => changeFilter({ date: e.target.value || null })}
            />
            {filter.date ? <Button type="button" variant="outline" onClick={() => changeFilter({ date: null })}>{t('list.clearFriday')}</Button> : null}
          </div>
          {filter.date ? <p id={ids.fridayHint} className="max-w-xs text-xs text-gray-600">{t('list.fridayHint')}</p> : null}
        </div>
        <div className="w-56 space-y-1.5">
          <Label htmlFor={ids.status}>{t('cols.status')}</Label>
          <select
            id={ids.status}
            className={SELECT_CLASS}
            value={filter.status ?? ''}
            onChange={(e) => changeFilter({ status: (e.target.value || null) as AppointmentStatusFilter | null })}
          >
            <option value="">{t('list.allStatuses')}</option>
            {APPOINTMENT_STATUS_FILTERS.map((s) => <option key={s} value={s}>{statusLabel(s)}</option>)}
          </select>
        </div>
      </div>
      {error ? <p role="alert" className="mb-3 text-sm text-red-700">{error}</p> : null}
      <p role="status" className="mb-2 text-sm text-gray-600">
        {pending === 'filter'
          ? t('list.loading')
          : error === null
            ? (filter.date ? t('list.shownOn', { count: rows.length, date: format.date(filter.date) }) : t('list.shown', { count: rows.length }))
            : null}
      </p>
      {waitsForDay ? <p className="mb-2 text-sm text-gray-600">{t('list.completeFromVisitDay')}</p> : null}
      <DataTable
        busy={pending === 'filter'}
        empty={isDefault ? t('list.noneUpcoming') : t('list.noMatches')}
        head={[t('cols.date'), t('cols.time'), t('cols.customer'), t('cols.service'), t('cols.address'), t('cols.status'), t('cols.actions')]}
        rows={rows.map((a) => [
          <span key="d">
            <time dateTime={a.date}>{format.date(a.date)}</time>
            {a.isRescheduled && a.originalDate && a.originalDate !== a.date ? (
              <span className="block text-xs text-gray-600">
                {t(a.rescheduledReason === 'weather' ? 'list.movedFromWeather' : 'list.movedFrom', { date: format.date(a.originalDate) })}
              </span>
            ) : null}
          </span>,
          <span key="t" className="whitespace-nowrap">{formatTimeOfDay(a.time, locale) ?? format.na}</span>,
          <a key="n" className="text-brand-800 underline" href={`${customerDetailsPath}?id=${a.customerId}`}>{format.name(a.firstName, a.lastName)}</a>,
          <ServiceWithAddOns key="s" {...describe(a)} />,
          <span key="a">
            {formatAddressLine(a.address, a.city) || format.na}
            {/* A community the owner stopped serving after this was booked (0096): the office calls before the Friday. */}
            {a.outsideServiceArea ? <OutsideAreaFlag flag={a.outsideServiceArea} for="visit" /> : null}
          </span>,
          <VisitStatus key="st" visit={a} status={format.status(a.status)} needsAttention={a.needsStaffAttention ? t('needsAttention') : null} />,
          actions(a),
        ])}
      />
      <LoadMore hasMore={list.nextCursor !== null && pending !== 'filter'} loading={pending === 'more'} onLoad={() => void load(filter, 'more')} />
      <MoveVisitDialog
        appointment={moving}
        name={moving ? format.name(moving.firstName, moving.lastName) : ''}
        service={movingVisit?.service ?? ''}
        addOns={movingVisit?.addOns ?? null}
        onClose={() => setMoving(null)}
        onMoved={visitMoved}
        onRefused={() => void refresh()}
      />
      <CompleteVisitDialog
        visit={completing}
        form={completion}
        onClose={() => setCompleting(null)}
        onCompleted={visitCompleted}
        onOutdated={() => {
          setCompleting(null);
          void refresh();
        }}
      />
    </>
  );
}

/**
 * A visit's status, "Needs attention" on a paid visit without a Friday, and "Not treated" with its
 * reason, the technician and the time when the crew could not treat it (0085): the row's Move
 * button sets the new Friday.
 */
function VisitStatus({ visit, status, needsAttention }: {
  visit: Parameters<typeof describeNotTreated>[0]; status: ReactNode; needsAttention: string | null;
}) {
  const tRouting = useTranslations('routing');
  const locale = useLocale();
  const notTreated = describeNotTreated(visit, locale, tRouting);
  return (
    <span className="inline-flex flex-wrap gap-1">
      {status}
      {needsAttention ? <Badge variant="destructive">{needsAttention}</Badge> : null}
      {notTreated ? <NotTreatedNotice notTreated={notTreated} /> : null}
    </span>
  );
}
