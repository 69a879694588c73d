'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { keepFocusNear } from '@/components/ui/use-return-focus';
import { RainDayAction } from '@/features/rain-day/components/rain-day-action';
import { RainDayClosure } from '@/features/rain-day/components/rain-day-closure';
import { findRainDayBlock, type RainDayBlock } from '@/features/rain-day/rain-day-offer';
import { formatLongDate } from '@/lib/format';
import { isCalendarDate } from '../route.schema';
import type { DayRoutes } from '../route.service';
import { MapsLinkButtons } from './maps-link-buttons';
import { findServiceLabelKey, formatDuration, formatKilometres } from './route-format';
import { RouteHeading } from './route-heading';
import { LoadFailureAlert } from './load-failure-alert';
import { canOptimize, countPlannedStops, selectRouteManagerView } from './route-manager-view';
import { classifyLoadFailure, type LoadFailure, RouteLoadError } from './route-load';
import { RouteMap } from './route-map';
import { RouteStopList } from './route-stop-list';
import { formatAddressLine } from '@/lib/address-line';
import { toTelHref } from '@/lib/phone';
import { describeOutsideArea } from '@/features/service-area/components/outside-area-flag';

/** The day's appointment count, what a rain day would find to move on it, and its saved routes. */
async function fetchDay(date: string, signal: AbortSignal): Promise<{ count: number; rainDayBlock: RainDayBlock | null; day: DayRoutes }> {
  const [countRes, routesRes] = await Promise.all([
    fetch(`/api/routes/appointments?date=${encodeURIComponent(date)}`, { signal }),
    fetch(`/api/routes?date=${encodeURIComponent(date)}`, { signal }),
  ]);
  if (!countRes.ok || !routesRes.ok) throw new RouteLoadError(countRes.ok ? routesRes.status : countRes.status);
  const counted = (await countRes.json()) as { count: number; appointments: { appointment: { status: string } }[] };
  return {
    count: counted.count,
    rainDayBlock: findRainDayBlock(counted.appointments.map((a) => a.appointment.status)),
    day: (await routesRes.json()) as DayRoutes,
  };
}

/** Why the server left the day's routes as they were (its translated message), and whether the technicians screen can help. */
type Refusal = { message: string; aboutTechnicians: boolean };

/** One visit of the day in a list beside the routes: customer, address and service. */
function VisitLine({ appointment, customer }: DayRoutes['unassigned'][number]) {
  const t = useTranslations('routing');
  return <li>{`${customer.firstName} ${customer.lastName}, ${formatAddressLine(appointment.address, appointment.city)} · ${t(findServiceLabelKey(appointment))}`}</li>;
}

/**
 * Visits marked done before any route had them: finished work, shown apart from the work still to
 * plan (0006). An h3 inside "Route Details", an h2 on a day without routes.
 */
export function DoneWithoutRoute({ visits, level }: { visits: DayRoutes['doneWithoutRoute']; level: 2 | 3 }) {
  const t = useTranslations('routing');
  if (visits.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={t('doneWithoutRouteTitle')} className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-4" data-testid="done-without-route">
      <Heading className="font-semibold">{t('doneWithoutRouteTitle')}</Heading>
      <p className="text-sm text-gray-700">{t('doneWithoutRouteBody', { count: visits.length })}</p>
      <ul className="list-disc pl-5 text-sm">
        {visits.map((visit) => <VisitLine key={visit.appointment.id} {...visit} />)}
      </ul>
    </section>
  );
}

/**
 * Open visits of the Friday at an address the branch no longer serves (0096), planned or not: the
 * bookings stand and stay in the plan (0088), so the office calls the customers before the day.
 */
export function OutsideServiceArea({ visits }: { visits: DayRoutes['outsideServiceArea'] }) {
  const t = useTranslations('serviceAreaAdmin.outsideArea');
  const tr = useTranslations('routing');
  if (visits.length === 0) return null;
  return (
    <section aria-label={t('title')} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="day-outside-service-area">
      <h2 className="font-semibold">{t('title')}</h2>
      <p className="text-sm">{t('dayBody', { count: visits.length })}</p>
      <ul className="list-disc pl-5 text-sm">
        {visits.map(({ appointment, customer, outsideServiceArea }) => {
          const name = `${customer.firstName} ${customer.lastName}`;
          const phone = appointment.phone ?? customer.phone;
          return (
            <li key={appointment.id}>
              {`${name}, ${formatAddressLine(appointment.address, appointment.city)}. ${describeOutsideArea(outsideServiceArea, t)} `}
              {phone ? <a className="font-medium text-brand-800 underline" href={toTelHref(phone)} aria-label={tr('callPhone', { name, phone })}>{phone}</a> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Open visits no route has: work still to plan. On the day itself the plan only had what is left
 * of today's shifts, so the way out is another Friday or a longer shift, not a new technician.
 */
export function NotOnAnyRoute({ visits, isToday }: { visits: DayRoutes['unassigned']; isToday: boolean }) {
  const t = useTranslations('routing');
  if (visits.length === 0) return null;
  return (
    <section aria-label={t('unassignedTitle')} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold">{t('unassignedTitle')}</h3>
      <p className="text-sm text-gray-700">{t(isToday ? 'unassignedBodyToday' : 'unassignedBody')}</p>
      <ul className="list-disc pl-5 text-sm">
        {visits.map((visit) => <VisitLine key={visit.appointment.id} {...visit} />)}
      </ul>
    </section>
  );
}

/** SPEC "Route manager": pick a Friday, see its appointment count, optimise, and read the routes. */
export function RouteManager({ initialDate, isDemo, techniciansHref }: { initialDate: string; isDemo: boolean; techniciansHref: string }) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const [date, setDate] = useState(initialDate);
  const [count, setCount] = useState<number | null>(null);
  // Set with the count: the rain-day button only shows once the count is known.
  const [rainDayBlock, setRainDayBlock] = useState<RainDayBlock | null>(null);
  const [day, setDay] = useState<DayRoutes | null>(null);
  const [optimizing, setOptimizing] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // The day could not be read: neither a count nor "no appointments" is known, so say so and offer
  // to try again. Bumping `attempt` reads the day again.
  const [loadFailed, setLoadFailed] = useState<LoadFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  // A cleared or half-typed date field reads as ''. Nothing is loaded for it, so the page says
  // what it needs instead of waiting for a day that never comes.
  const hasDate = isCalendarDate(date);

  useEffect(() => {
    if (!isCalendarDate(date)) return;
    const controller = new AbortController();
    fetchDay(date, controller.signal).then(
      (loaded) => {
        setCount(loaded.count);
        setRainDayBlock(loaded.rainDayBlock);
        setDay(loaded.day);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = classifyLoadFailure(error);
        setLoadFailed(failure);
        toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'loadFailed') });
      },
    );
    return () => controller.abort();
  }, [date, attempt, t]);

  // Clearing here (not in the effect) shows 'Loading...' at once without a second render pass.
  const changeDate = (next: string) => {
    setDate(next);
    setCount(null);
    setDay(null);
    setRefusal(null);
    setLoadFailed(null);
  };

  // A rain day moved the day's visits away (0033): read the day again, as a fresh load.
  const reloadDay = () => {
    setCount(null);
    setDay(null);
    setRefusal(null);
    setAttempt((n) => n + 1);
  };

  // A Friday reopened (0071): the notice and its button are gone, so focus goes to the date it was about.
  const reopened = () => {
    reloadDay();
    document.getElementById('route-date')?.focus();
  };

  const retryLoad = () => {
    setLoadFailed(null);
    setAttempt((n) => n + 1);
  };

  const optimize = async () => {
    if (!count) {
      toast({ title: t('toastNoAppointmentsTitle'), description: t('toastNoAppointmentsBody') });
      return;
    }
    setOptimizing(true);
    try {
      const res = await fetch('/api/routes/optimize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ date }),
      });
      if (res.status === 409) {
        // A day the server cannot plan (nobody to drive it, nothing fits a shift): it kept the routes.
        const body = (await res.json().catch(() => null)) as { message?: string; reason?: string } | null;
        if (body?.message) {
          setRefusal({ message: body.message, aboutTechnicians: typeof body.reason === 'string' });
          return;
        }
      }
      if (!res.ok) throw new RouteLoadError(res.status);
      const result = (await res.json()) as DayRoutes;
      setRefusal(null);
      setDay(result);
      toast({ title: t('optimizedTitle'), description: t('optimizedBody', { stops: countPlannedStops(result.routes), routes: result.routes.length }) });
    } catch (error) {
      const failure = classifyLoadFailure(error);
      toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'optimizeFailed') });
      // The routes shown may be outdated and nothing more can be read: say how to go on.
      if (failure === 'session') setLoadFailed(failure);
    } finally {
      setOptimizing(false);
    }
  };

  // Every visit of a planned day was cancelled or moved away: its empty routes stay until cleared (0006).
  const clearRoutes = async () => {
    setClearing(true);
    try {
      const res = await fetch(`/api/routes?date=${encodeURIComponent(date)}`, { method: 'DELETE' });
      if (res.status === 409) {
        // A route still has a visit (booked since the count was read): the server kept the routes.
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        if (body?.message) {
          setRefusal({ message: body.message, aboutTechnicians: false });
          return;
        }
      }
      if (!res.ok) throw new RouteLoadError(res.status);
      setRefusal(null);
      setDay((await res.json()) as DayRoutes);
      toast({ title: t('routesClearedTitle'), description: t('routesClearedBody') });
    } catch (error) {
      const failure = classifyLoadFailure(error);
      toast({ variant: 'destructive', title: t('toastErrorTitle'), description: t(failure === 'session' ? 'sessionEnded' : 'clearFailed') });
      if (failure === 'session') setLoadFailed(failure);
    } finally {
      setClearing(false);
    }
  };

  const routes = day?.routes ?? [];
  const view = hasDate ? selectRouteManagerView(count, day) : null;
  const totalDistance = routes.reduce((sum, r) => sum + (r.totalDistance ?? 0), 0);
  const drivingKnown = routes.length > 0 && routes.every((r) => r.drivingMinutes !== null);
  const totalDriving = drivingKnown ? routes.reduce((sum, r) => sum + (r.drivingMinutes ?? 0), 0) : null;
  const longDate = hasDate ? formatLongDate(date, locale) : '';

  return (
    <div className="space-y-6">
      {isDemo ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {t('demoBanner')}
        </p>
      ) : null}

      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="space-y-1.5">
            <Label htmlFor="route-date">{t('dateLabel')}</Label>
            <Input id="route-date" type="date" value={date} onChange={(e) => changeDate(e.target.value)} className="w-48" />
            <p className="text-lg font-semibold" data-testid="long-date">{longDate}</p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end">
            <p className="text-sm font-medium text-gray-700" aria-live="polite">
              <span data-testid="appointment-count">{!hasDate ? t('chooseDate') : count !== null ? t('appointmentCount', { count }) : loadFailed ? t('countUnknown') : t('loading')}</span>
            </p>
            <div className="flex flex-wrap gap-2 sm:justify-end">
              {hasDate ? <RainDayAction key={date} date={date} count={count} block={rainDayBlock} onMoved={reloadDay} /> : null}
              <Button type="button" onClick={(event) => { keepFocusNear(event.currentTarget); void optimize(); }} disabled={optimizing || !canOptimize(view)}>
                {optimizing ? t('optimizing') : t('optimize')}
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>

      {loadFailed ? <LoadFailureAlert failure={loadFailed} onRetry={retryLoad} /> : null}

      {hasDate && day?.date === date && day.closure ? (
        <RainDayClosure key={date} date={date} closure={day.closure} isPast={date < day.today} onReopened={reopened} />
      ) : null}

      {refusal ? (
        <div role="alert" className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{t('optimizeRefusedTitle')}</p>
          <p className="text-sm">{refusal.message}</p>
          {refusal.aboutTechnicians ? (
            <a className="inline-block text-sm font-semibold text-brand-800 underline underline-offset-4" href={techniciansHref}>{t('manageTechnicians')}</a>
          ) : null}
        </div>
      ) : null}

      {hasDate && day?.date === date ? <OutsideServiceArea visits={day.outsideServiceArea} /> : null}

      {view === 'noAppointments' ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">{t('noAppointments')}</p>
      ) : null}

      {view === 'allDone' ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">{t('allDoneWithoutRoute')}</p>
      ) : null}

      {(view === 'noAppointments' || view === 'allDone') && routes.some((r) => r.status === 'planned') ? (
        <div role="status" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="text-sm">{t('staleRoutesBody')}</p>
          <Button type="button" variant="outline" onClick={clearRoutes} disabled={clearing}>
            {clearing ? t('clearingRoutes') : t('clearRoutes')}
          </Button>
        </div>
      ) : null}

      {view === 'notPlanned' ? (
        <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
          <p className="font-semibold">{t('noRouteTitle')}</p>
          <p className="text-sm text-gray-600">{t('noRouteBody')}</p>
        </div>
      ) : null}

      {day && (view === 'notPlanned' || view === 'allDone') ? <DoneWithoutRoute visits={day.doneWithoutRoute} level={2} /> : null}

      {day && view === 'routes' ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Card>
            <CardHeader>
              {/* h2 under the page's h1; each technician's route is an h3 inside it. */}
              <h2 className="text-xl font-semibold leading-tight">
                <span className="sr-only">{`${longDate}: `}</span>
                {t('routeDetails')}
              </h2>
              <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-gray-600">{t('startingPoint')}</dt>
                  <dd className="font-medium">{routes[0]?.startingPoint ?? day.depot.address}</dd>
                </div>
                <div>
                  <dt className="text-gray-600">{t('totalDistance')}</dt>
                  <dd className="font-medium" data-testid="total-distance">{formatKilometres(totalDistance, locale)}</dd>
                </div>
                <div>
                  <dt className="text-gray-600">{t('drivingTime')}</dt>
                  <dd className="font-medium">{formatDuration(totalDriving, t)}</dd>
                </div>
              </dl>
              {routes.length > 1 ? <p className="text-sm text-gray-600">{t('routesShareTheDay')}</p> : null}
            </CardHeader>
            <CardContent className="space-y-6">
              {routes.map((route) => {
                const name = route.technician ?? t('technicianLabel');
                return (
                  <section key={route.id} aria-label={name} className="space-y-2" data-testid="technician-route">
                    <RouteHeading route={route} name={name} level={3} />
                    {/* Done stops stay with their technician (0006); only open ones need someone active. */}
                    {route.technicianActive || route.status !== 'planned' || route.appointments.every((s) => s.appointment.status === 'completed') ? null : (
                      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">{t('technicianInactive', { name })}</p>
                    )}
                    <RouteStopList stops={route.appointments} color={route.technicianColor} label={name} />
                    <MapsLinkButtons links={route.mapsLinks} name={name} />
                  </section>
                );
              })}
              <NotOnAnyRoute visits={day.unassigned} isToday={day.date === day.today} />
              <DoneWithoutRoute visits={day.doneWithoutRoute} level={3} />
            </CardContent>
          </Card>
          <div className="lg:sticky lg:top-4 lg:self-start">
            <RouteMap
              routes={routes}
              depot={day.depot}
              title={t('mapTitle')}
              description={t('mapDescription', { date: longDate })}
              depotLabel={t('depot')}
              stopLabel={(position, name) => t('stopMarker', { position, name })}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
