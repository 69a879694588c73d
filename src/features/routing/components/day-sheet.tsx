'use client';
import { CloudOff, Printer } from 'lucide-react';
import { useFormatter, useLocale, useTimeZone, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { formatLabelled } from '@/features/email/email-layout';
import { formatLongDate } from '@/lib/format';
import { isCalendarDate } from '../route.schema';
import type { DayRoute, TechnicianDay } from '../route.service';
import { countVisitsAwaitingRoute, selectDaySheetView } from './day-sheet-view';
import { MapsLinkButtons } from './maps-link-buttons';
import { RouteHeading } from './route-heading';
import { LoadFailureAlert } from './load-failure-alert';
import { classifyLoadFailure, type LoadFailure, RouteLoadError } from './route-load';
import { RouteStopList } from './route-stop-list';
import { pickDefaultProduct } from '@/features/application-records/application-rules';
import type { StopRecordForm } from '@/features/application-records/application-record.service';
import { StopDoneButton, type StopStatusUpdate } from './stop-done-button';
import { type NotTreatedMark, readNotTreatedMark, StopNotTreatedButton } from './stop-not-treated-button';
import { findCopyToday, findDayCopy, findDeviceToday, saveDayCopy } from './day-sheet-copies';
import { findChangeKind, overlayPendingStops, type QueuedStopChange, type ReplayResult } from './stop-outbox';
import { openDaySheetStore } from './day-sheet-on-device';
import { useDaySheetWorker } from './use-day-sheet-worker';
import { findChangeNoticeKey, noticeValues, useStopOutbox } from './use-stop-outbox';
import type { DoneMark } from './visit-note-dialog';
import { toTelHref } from '@/lib/phone';

/** `closure` is missing from copies saved before 0071. */
type SheetDay = Pick<TechnicianDay, 'route' | 'plan' | 'today'> & { closure?: TechnicianDay['closure'] };

/** A stop without "Couldn't treat" (0085). */
const NO_NOT_TREATED: NotTreatedMark = { notTreatedReason: null, notTreatedNote: null, notTreatedAt: null, notTreatedBy: null };

/** How long the day may take to arrive before the sheet counts it as no signal (one bar can hang for minutes). */
const DAY_LOAD_TIMEOUT_MS = 20_000;

/**
 * How a read of the day goes: 'open' as the sheet opens (a failure says so, or shows the saved
 * copy); 'quiet' after a change the server refused (the sheet on screen stays if it fails);
 * 'copy' from the saved copy's "Try again" (the copy stays if it fails).
 */
type LoadMode = 'open' | 'quiet' | 'copy';

/** One technician's route for the day and the day's visit counts (technicianId only when an admin chooses). */
async function fetchTechnicianDay(date: string, technicianId: number | null, signal: AbortSignal): Promise<SheetDay> {
  const query = new URLSearchParams({ date });
  if (technicianId !== null) query.set('technicianId', String(technicianId));
  const res = await fetch(`/api/routes/technician?${query.toString()}`, { signal });
  if (!res.ok) throw new RouteLoadError(res.status);
  const { route, plan, today, closure } = (await res.json()) as TechnicianDay;
  return { route, plan, today, closure };
}

type TechnicianOption = { id: number; name: string };

/**
 * The technician's day on a phone: stops in driving order with ETAs, tap-to-call phones, notes and
 * the maps links. Admins pick the technician and may re-optimise the day.
 */
export function DaySheet({ initialDate, technicians, fixedTechnicianId, canOptimize, officePhone, recordForm, staffUserId }: {
  initialDate: string;
  technicians: TechnicianOption[];
  /** Set for a technician's own sheet; admins choose from `technicians`. */
  fixedTechnicianId: number | null;
  canOptimize: boolean;
  /** The branch's phone, for a technician whose day is booked but not planned yet. */
  officePhone: string;
  /** The products "Mark done" records and each technician's last one (docs/decisions/0042). */
  recordForm?: StopRecordForm;
  /**
   * The signed-in staff account: changes made without signal and the days read are kept on the
   * phone under it (docs/decisions/0045). Without it nothing is kept.
   */
  staffUserId?: number;
}) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const format = useFormatter();
  const timeZone = useTimeZone() ?? 'America/Toronto';
  const [date, setDate] = useState(initialDate);
  const [technicianId, setTechnicianId] = useState<number | null>(fixedTechnicianId ?? technicians[0]?.id ?? null);
  // undefined while loading.
  const [sheet, setSheet] = useState<SheetDay | undefined>(undefined);
  // The technician and date the sheet on screen was read for: its saved copy's key.
  const [sheetFor, setSheetFor] = useState<{ technicianId: number; date: string } | null>(null);
  // While the sheet on screen is the saved copy (no signal, 0045): when it was saved.
  const [copySavedAt, setCopySavedAt] = useState<string | null>(null);
  // Changes refused after they waited on the phone, applied and then changed by the office
  // (`superseded`, 0052), or kept too long to be sent (`tooOld`, 0057): said under the stop, the
  // last two in the sheet's own sentence (`notice`); a done mark is offered again.
  const [refusals, setRefusals] = useState<Record<number, { message: string; notice?: boolean; mark?: DoneMark }>>({});
  const [optimizing, setOptimizing] = useState(false);
  // The sheet could not be read (no signal in a back yard, a server hiccup): the stops are not
  // known, which is not the same as having none.
  const [loadFailed, setLoadFailed] = useState<LoadFailure | null>(null);
  // Each technician's last recorded product, updated as they mark stops done.
  const [lastProducts, setLastProducts] = useState<Record<number, number>>(recordForm?.lastProductByTechnician ?? {});

  // Bumped after an optimisation to reload the sheet.
  const [version, setVersion] = useState(0);
  // How the next read goes (see LoadMode); set just before `version` is bumped.
  const loadMode = useRef<LoadMode>('open');
  // A cleared or half-typed date field reads as '': nothing loads for it, so say what is missing.
  const hasDate = isCalendarDate(date);
  const route = sheet?.route;
  const rainClosure = sheet?.closure?.reason === 'rain' ? sheet.closure : null;
  const view = selectDaySheetView({ technicianId, hasDate, route, plan: sheet?.plan, loadFailed: loadFailed !== null, closedForRain: rainClosure !== null });
  const awaitingRoute = countVisitsAwaitingRoute(sheet?.plan);

  // A stop marked done (or taken back) changes in place: the rest of the sheet stays as read.
  const updateStopStatus = useCallback<StopStatusUpdate>((appointmentId, status, visitNote, applied) => {
    setSheet((current) => current?.route ? {
      ...current,
      route: {
        ...current.route,
        appointments: current.route.appointments.map((stop) => (
          stop.appointment.id === appointmentId
            ? { ...stop, ...(applied === undefined ? {} : { applied }), appointment: { ...stop.appointment, status, ...(visitNote === undefined ? {} : { visitNote }) } }
            : stop
        )),
      },
    } : current);
  }, []);

  const updateNotTreated = useCallback((appointmentId: number, mark: NotTreatedMark) => {
    setSheet((current) => current?.route ? {
      ...current,
      route: {
        ...current.route,
        appointments: current.route.appointments.map((stop) => (stop.appointment.id === appointmentId ? { ...stop, appointment: { ...stop.appointment, ...mark } } : stop)),
      },
    } : current);
  }, []);

  // Changes that waited on the phone were answered: delivered ones as sent; refused ones, and
  // ones the office changed after they arrived (0052), as the server has the stop, and the day read
  // again after them (the server knows best).
  const showReplayed = useCallback((result: ReplayResult) => {
    let readAgain = false;
    for (const outcome of result.outcomes) {
      const { change } = outcome;
      if (outcome.kind === 'delivered') {
        updateStopStatus(change.appointmentId, change.status, change.status === 'completed' && change.note !== undefined ? change.note || null : undefined);
        // "Couldn't treat" as the server recorded it (who, when); a done mark cleared it there (0085, 0086).
        const mark = change.notTreated !== undefined ? readNotTreatedMark(outcome.answer) : change.status === 'completed' ? NO_NOT_TREATED : null;
        if (mark) updateNotTreated(change.appointmentId, mark);
        continue;
      }
      readAgain = true;
      if (outcome.serverStatus) updateStopStatus(change.appointmentId, outcome.serverStatus);
      const mark: DoneMark | undefined = change.status === 'completed'
        ? { note: change.note ?? '', ...(change.applications ? { applications: change.applications } : {}) }
        : undefined;
      const notice = outcome.kind === 'refused'
        ? { message: outcome.message ?? t('stopChangeFailed') }
        : { message: t(findChangeNoticeKey(outcome.kind, findChangeKind(change)), noticeValues(change.name)), notice: true };
      setRefusals((current) => ({ ...current, [change.appointmentId]: { ...notice, mark } }));
    }
    if (readAgain) {
      loadMode.current = 'quiet';
      setVersion((v) => v + 1);
    }
  }, [t, updateStopStatus, updateNotTreated]);

  const { outbox, keep, replay, sending, enabled: keepsChanges } = useStopOutbox(staffUserId, showReplayed);

  useEffect(() => {
    if (!isCalendarDate(date) || technicianId === null) return;
    const mode = loadMode.current;
    loadMode.current = 'open';
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, DAY_LOAD_TIMEOUT_MS);
    fetchTechnicianDay(date, fixedTechnicianId === null ? technicianId : null, controller.signal).then(
      (loaded) => {
        setSheet(loaded);
        setSheetFor({ technicianId, date });
        setCopySavedAt(null);
        setLoadFailed(null);
        // The sheet loaded, so the server is reachable: changes waiting on the phone go now.
        void replay();
      },
      (error: unknown) => {
        if (controller.signal.aborted && !timedOut) return;
        // A read after a refused change: the sheet on screen stays as it is.
        if (mode === 'quiet') return;
        const failure = classifyLoadFailure(error);
        // No answer at all (no signal, or none in time), not a server's refusal: the saved copy, if any.
        const unreachable = failure === 'error' && !(error instanceof RouteLoadError);
        const store = unreachable && staffUserId !== undefined ? openDaySheetStore() : null;
        const copy = store ? findDayCopy<SheetDay>(store, staffUserId!, technicianId, date) : null;
        if (copy) {
          setSheet({ ...copy.day, today: findCopyToday(copy.day.today, findDeviceToday(new Date(), timeZone)) });
          setSheetFor({ technicianId, date });
          setCopySavedAt(copy.savedAt);
          setLoadFailed(null);
          if (mode === 'copy') toast({ title: t('offline.stillNoSignalTitle'), description: t('offline.stillNoSignalBody') });
          return;
        }
        setCopySavedAt(null);
        setLoadFailed(failure);
        toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'loadFailed') });
      },
    ).finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [date, technicianId, fixedTechnicianId, version, t, replay, staffUserId, timeZone]);

  // The sheet itself opens without signal too: a service worker keeps it (0048), and the toasts' code.
  useDaySheetWorker(locale, staffUserId !== undefined);

  // Each day read from the server (and each change it confirmed) is kept for a sheet opened without signal.
  useEffect(() => {
    if (staffUserId === undefined || !sheet || !sheetFor || copySavedAt !== null) return;
    const store = openDaySheetStore();
    if (store) saveDayCopy(store, staffUserId, { ...sheetFor, savedAt: new Date().toISOString(), day: sheet });
  }, [sheet, sheetFor, copySavedAt, staffUserId]);

  // Signal is back: a saved copy or a failed read is read again by itself.
  useEffect(() => {
    if (copySavedAt === null && loadFailed !== 'error') return;
    const onOnline = () => {
      if (copySavedAt !== null) {
        loadMode.current = 'copy';
      } else {
        setLoadFailed(null);
        setSheet(undefined);
      }
      setVersion((v) => v + 1);
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [copySavedAt, loadFailed]);

  const retryLoad = () => {
    setLoadFailed(null);
    setSheet(undefined);
    setVersion((v) => v + 1);
  };

  // "Try again" on the saved copy: the copy stays on screen until the day arrives.
  const retryCopy = () => {
    loadMode.current = 'copy';
    setVersion((v) => v + 1);
  };

  const optimize = async () => {
    setOptimizing(true);
    try {
      const res = await fetch('/api/routes/optimize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date }) });
      if (res.status === 409) {
        // The server kept the day's routes (nobody free to drive them, nothing fits a shift): say why.
        const refused = (await res.json().catch(() => null)) as { message?: string } | null;
        if (refused?.message) {
          toast({ variant: 'destructive', title: t('optimizeRefusedTitle'), description: refused.message });
          return;
        }
      }
      if (!res.ok) throw new RouteLoadError(res.status);
      const body = (await res.json()) as { routes: DayRoute[] };
      if (body.routes.length === 0) toast({ title: t('toastNoAppointmentsTitle'), description: t('toastNoAppointmentsBody') });
      setSheet(undefined);
      setLoadFailed(null);
      setVersion((v) => v + 1);
    } catch (error) {
      const failure = classifyLoadFailure(error);
      toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'optimizeFailed') });
      if (failure === 'session') setLoadFailed(failure);
    } finally {
      setOptimizing(false);
    }
  };

  // The stops as the technician left them: changes still waiting on the phone applied on top.
  const shownStops = useMemo(() => (route ? overlayPendingStops(route.appointments, outbox) : []), [route, outbox]);
  const waitingStops = useMemo(() => new Set(outbox.map((change) => change.appointmentId)), [outbox]);
  const forgetRefusal = (appointmentId: number) => setRefusals((current) => {
    if (!(appointmentId in current)) return current;
    const { [appointmentId]: _gone, ...rest } = current;
    return rest;
  });

  // A change kept on the phone replaces what was said about the stop's last refused one.
  const keepChange = (change: QueuedStopChange) => {
    const kept = keep(change);
    if (kept) forgetRefusal(change.appointmentId);
    return kept;
  };

  const name = technicians.find((tech) => tech.id === technicianId)?.name ?? route?.technician ?? '';
  const recording = recordForm && technicianId !== null ? {
    products: recordForm.products,
    defaultProductId: pickDefaultProduct(recordForm.products.map((p) => p.id), lastProducts[technicianId]),
    onRecorded: (productId: number) => setLastProducts((last) => ({ ...last, [technicianId]: productId })),
  } : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end print:hidden">
        <div className="space-y-1.5">
          <Label htmlFor="sheet-date">{t('dateLabel')}</Label>
          <Input id="sheet-date" type="date" value={date} onChange={(e) => { setDate(e.target.value); setSheet(undefined); setLoadFailed(null); setCopySavedAt(null); }} className="w-full sm:w-48" />
        </div>
        {fixedTechnicianId === null ? (
          <div className="space-y-1.5">
            <Label htmlFor="sheet-technician">{t('technicianLabel')}</Label>
            <select
              id="sheet-technician"
              className="block h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm disabled:opacity-60 sm:w-48"
              value={technicianId ?? ''}
              disabled={technicians.length === 0}
              onChange={(e) => {
                const next = e.target.value ? Number(e.target.value) : null;
                // The same technician again (a script can send that change) loads nothing new: keep their sheet.
                if (next === technicianId) return;
                setTechnicianId(next);
                setSheet(undefined);
                setLoadFailed(null);
                setCopySavedAt(null);
              }}
            >
              {technicians.length === 0 ? <option value="">{t('chooseTechnician')}</option> : null}
              {technicians.map((tech) => <option key={tech.id} value={tech.id}>{tech.name}</option>)}
            </select>
          </div>
        ) : null}
        <Button type="button" variant="outline" onClick={() => window.print()} disabled={view !== 'route'} className="w-full sm:w-auto">
          <Printer aria-hidden className="h-4 w-4" />
          {t('printDaySheet')}
        </Button>
        {canOptimize ? (
          <Button type="button" onClick={optimize} disabled={optimizing || !hasDate || technicianId === null} className="w-full sm:w-auto">
            {optimizing ? t('optimizing') : t('optimize')}
          </Button>
        ) : null}
      </div>

      {hasDate ? <p className="text-lg font-semibold">{formatLongDate(date, locale)}</p> : null}

      {copySavedAt !== null && view !== 'failed' && view !== 'loading' ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 print:hidden">
          <p className="flex items-start gap-2 text-sm font-medium">
            <CloudOff aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {t('offline.copyBanner', { time: format.dateTime(new Date(copySavedAt), { weekday: 'short', hour: 'numeric', minute: '2-digit' }) })}
          </p>
          <Button type="button" variant="outline" onClick={retryCopy} className="w-full sm:w-auto">{t('retry')}</Button>
        </div>
      ) : null}
      {outbox.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950 print:hidden">
          <p className="text-sm font-medium">{t('offline.pendingSummary', { count: outbox.length })}</p>
          <Button type="button" variant="outline" onClick={() => void replay()} disabled={sending} className="w-full sm:w-auto">
            {sending ? t('offline.sending') : t('offline.sendNow')}
          </Button>
        </div>
      ) : null}

      {view === 'noTechnicians' ? <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">{t('noTechnicians')}</p> : null}
      {view === 'chooseDate' ? <p role="status" className="text-gray-600">{t('chooseDate')}</p> : null}
      {view === 'loading' ? <p className="text-gray-600">{t('loading')}</p> : null}
      {view === 'failed' && loadFailed ? <LoadFailureAlert failure={loadFailed} onRetry={retryLoad} className="print:hidden" /> : null}
      {rainClosure && sheet && (view === 'movedForRain' || view === 'route') ? (
        <div role="status" className="space-y-1 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950" data-testid="moved-for-rain">
          <p className="font-semibold">{t('rainClosedTitle')}</p>
          <p>
            {rainClosure.movedTo.length > 0
              ? t('rainMovedTo', { dates: format.list(rainClosure.movedTo.map((d) => formatLongDate(d, locale)), { type: 'conjunction' }) })
              : t('rainClosedNoMoves')}
          </p>
          {view === 'movedForRain' ? <p className="text-sm">{t('noStopsForDay')}</p> : null}
          {sheet.plan.bookedVisits > 0 ? <p className="text-sm">{t('rainStillBooked', { count: sheet.plan.bookedVisits })}</p> : null}
        </div>
      ) : null}
      {view === 'noStops' ? <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">{t('noStopsForDay')}</p> : null}
      {view === 'notPlanned' && sheet ? (
        <div role="status" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{t('notPlannedTitle')}</p>
          <p>{t('notPlannedBooked', { count: sheet.plan.bookedVisits })}</p>
          {canOptimize ? (
            <p className="text-sm">{t('notPlannedAdmin', { button: t('optimize') })}</p>
          ) : (
            <p className="text-sm">
              {t('notPlannedTechnician')}{' '}
              <a className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4" href={toTelHref(officePhone)}>
                {t('callOffice', { phone: officePhone })}
              </a>
            </p>
          )}
        </div>
      ) : null}
      {view === 'notAssigned' ? (
        <div role="status" className="space-y-1 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-700">
          <p className="font-semibold">{fixedTechnicianId === null ? t('notAssignedAdminTitle', { name }) : t('notAssignedTitle')}</p>
          <p className="text-sm">{t('notAssignedBody')}</p>
        </div>
      ) : null}
      {view === 'route' && route ? (
        <section aria-label={name} className="space-y-3">
          <RouteHeading route={route} name={name} />
          {awaitingRoute > 0 ? (
            <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              {t(canOptimize ? 'awaitingRouteAdmin' : 'awaitingRouteTechnician', { count: awaitingRoute, button: t('optimize') })}
            </p>
          ) : null}
          <p className="text-sm text-gray-700">{formatLabelled(locale, t('startingPoint'), route.startingPoint ?? '')}</p>
          <MapsLinkButtons links={route.mapsLinks} name={name} className="print:hidden" />
          <RouteStopList
            stops={shownStops}
            color={route.technicianColor}
            label={name}
            renderAction={(stop) => {
              if (!sheet) return null;
              const id = stop.appointment.id;
              const refusal = refusals[id];
              return (
                <>
                  {waitingStops.has(id) ? (
                    <p className="mt-1 print:hidden">
                      <Badge variant="outline" className="gap-1 border-amber-400 bg-amber-50 text-amber-950">
                        <CloudOff aria-hidden className="h-3.5 w-3.5" />
                        {t('offline.waitingBadge')}
                      </Badge>
                    </p>
                  ) : null}
                  {refusal ? (
                    <p className="mt-1 text-sm font-medium text-red-800 print:hidden">
                      {refusal.notice ? refusal.message : t('offline.refusedOnStop', { message: refusal.message })}
                    </p>
                  ) : null}
                  <StopDoneButton
                    stop={stop}
                    today={sheet.today}
                    onStatus={(appointmentId, status, visitNote, applied) => {
                      forgetRefusal(appointmentId);
                      updateStopStatus(appointmentId, status, visitNote, applied);
                    }}
                    recording={recording}
                    outbox={keepsChanges ? { pending: waitingStops.has(id), keep: keepChange, refusedMark: refusal?.mark } : undefined}
                  />
                  {/* Kept on the phone without signal, as "Mark done" (0086). */}
                  <StopNotTreatedButton
                    stop={stop}
                    today={sheet.today}
                    onMark={(appointmentId, mark) => {
                      forgetRefusal(appointmentId);
                      updateNotTreated(appointmentId, mark);
                    }}
                    outbox={keepsChanges ? { pending: waitingStops.has(id), keep: keepChange } : undefined}
                  />
                </>
              );
            }}
          />
        </section>
      ) : null}
    </div>
  );
}
