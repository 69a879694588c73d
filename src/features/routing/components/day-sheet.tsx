'use client';
import { Printer } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
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
import { StopDoneButton } from './stop-done-button';

type SheetDay = Pick<TechnicianDay, 'route' | 'plan' | 'today'>;

/** One technician's route for the day and the day's visit counts (technicianId only when an admin chooses). */
async function fetchTechnicianDay(date: string, technicianId: number | null, signal: AbortSignal): Promise<SheetDay> {
  const query = new URLSearchParams({ date });
  if (technicianId !== null) query.set('technicianId', String(technicianId));
  const res = await fetch(`/api/routes/technician?${query.toString()}`, { signal });
  if (!res.ok) throw new RouteLoadError(res.status);
  const { route, plan, today } = (await res.json()) as TechnicianDay;
  return { route, plan, today };
}

type TechnicianOption = { id: number; name: string };

/**
 * The technician's day on a phone: stops in driving order with ETAs, tap-to-call phones, notes and
 * the maps links. Admins pick the technician and may re-optimise the day.
 */
export function DaySheet({ initialDate, technicians, fixedTechnicianId, canOptimize, officePhone, recordForm }: {
  initialDate: string;
  technicians: TechnicianOption[];
  /** Set for a technician's own sheet; admins choose from `technicians`. */
  fixedTechnicianId: number | null;
  canOptimize: boolean;
  /** The branch's phone, for a technician whose day is booked but not planned yet. */
  officePhone: string;
  /** The products "Mark done" records and each technician's last one (docs/decisions/0042). */
  recordForm?: StopRecordForm;
}) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const [date, setDate] = useState(initialDate);
  const [technicianId, setTechnicianId] = useState<number | null>(fixedTechnicianId ?? technicians[0]?.id ?? null);
  // undefined while loading.
  const [sheet, setSheet] = useState<SheetDay | undefined>(undefined);
  const [optimizing, setOptimizing] = useState(false);
  // The sheet could not be read (no signal in a back yard, a server hiccup): the stops are not
  // known, which is not the same as having none.
  const [loadFailed, setLoadFailed] = useState<LoadFailure | null>(null);
  // Each technician's last recorded product, updated as they mark stops done.
  const [lastProducts, setLastProducts] = useState<Record<number, number>>(recordForm?.lastProductByTechnician ?? {});

  // Bumped after an optimisation to reload the sheet.
  const [version, setVersion] = useState(0);
  // A cleared or half-typed date field reads as '': nothing loads for it, so say what is missing.
  const hasDate = isCalendarDate(date);
  const route = sheet?.route;
  const view = selectDaySheetView({ technicianId, hasDate, route, plan: sheet?.plan, loadFailed: loadFailed !== null });
  const awaitingRoute = countVisitsAwaitingRoute(sheet?.plan);

  useEffect(() => {
    if (!isCalendarDate(date) || technicianId === null) return;
    const controller = new AbortController();
    fetchTechnicianDay(date, fixedTechnicianId === null ? technicianId : null, controller.signal).then(
      (loaded) => setSheet(loaded),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = classifyLoadFailure(error);
        setLoadFailed(failure);
        toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'loadFailed') });
      },
    );
    return () => controller.abort();
  }, [date, technicianId, fixedTechnicianId, version, t]);

  const retryLoad = () => {
    setLoadFailed(null);
    setSheet(undefined);
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

  // A stop marked done (or taken back) changes in place: the rest of the sheet stays as read.
  const updateStopStatus = (appointmentId: number, status: string, visitNote?: string | null) => {
    setSheet((current) => current?.route ? {
      ...current,
      route: {
        ...current.route,
        appointments: current.route.appointments.map((stop) => (
          stop.appointment.id === appointmentId
            ? { ...stop, appointment: { ...stop.appointment, status, ...(visitNote === undefined ? {} : { visitNote }) } }
            : stop
        )),
      },
    } : current);
  };

  const name = technicians.find((tech) => tech.id === technicianId)?.name ?? route?.technician ?? '';
  const recording = recordForm && technicianId !== null ? {
    products: recordForm.products,
    defaultProductId: pickDefaultProduct(recordForm.products.map((p) => p.id), lastProducts[technicianId]),
    onRecorded: (productId: number) => setLastProducts((last) => ({ ...last, [technicianId]: productId })),
  } : undefined;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end print:hidden">
        <div className="space-y-1.5">
          <Label htmlFor="sheet-date">{t('dateLabel')}</Label>
          <Input id="sheet-date" type="date" value={date} onChange={(e) => { setDate(e.target.value); setSheet(undefined); setLoadFailed(null); }} className="w-full sm:w-48" />
        </div>
        {fixedTechnicianId === null ? (
          <div className="space-y-1.5">
            <Label htmlFor="sheet-technician">{t('technicianLabel')}</Label>
            <select
              id="sheet-technician"
              className="h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm disabled:opacity-60 sm:w-48"
              value={technicianId ?? ''}
              disabled={technicians.length === 0}
              onChange={(e) => {
                const next = e.target.value ? Number(e.target.value) : null;
                // The same technician again (a script can send that change) loads nothing new: keep their sheet.
                if (next === technicianId) return;
                setTechnicianId(next);
                setSheet(undefined);
                setLoadFailed(null);
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

      {view === 'noTechnicians' ? <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4">{t('noTechnicians')}</p> : null}
      {view === 'chooseDate' ? <p role="status" className="text-gray-600">{t('chooseDate')}</p> : null}
      {view === 'loading' ? <p className="text-gray-600">{t('loading')}</p> : null}
      {view === 'failed' && loadFailed ? <LoadFailureAlert failure={loadFailed} onRetry={retryLoad} className="print:hidden" /> : null}
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
              <a className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4" href={`tel:${officePhone.replace(/[^\d+]/g, '')}`}>
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
            stops={route.appointments}
            color={route.technicianColor}
            label={name}
            renderAction={(stop) => (sheet ? <StopDoneButton stop={stop} today={sheet.today} onStatus={updateStopStatus} recording={recording} /> : null)}
          />
        </section>
      ) : null}
    </div>
  );
}
