'use client';
import { useLocale, useTranslations } from 'next-intl';
import type { DayRoute } from '../route.service';
import { formatClock, formatDuration, formatKilometres } from './route-format';

/**
 * A route's title line: the technician's colour and name, then stops, distance and driving time; in
 * the route manager also when the crew is back at the depot, the length of their day the plan
 * balances between crews (0111).
 */
export function RouteHeading({ route, name, level = 2 }: {
  route: Pick<DayRoute, 'technicianColor' | 'appointments' | 'totalDistance' | 'drivingMinutes'> & Partial<Pick<DayRoute, 'backAtDepot'>>;
  name: string;
  /** 2 on the day sheet (right under the page title), 3 inside the route manager's "Route Details". */
  level?: 2 | 3;
}) {
  const t = useTranslations('routing');
  const locale = useLocale();
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 pb-2">
      <Heading className="flex items-center gap-2 text-lg font-semibold">
        <span className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: route.technicianColor }} aria-hidden="true" />
        {name}
      </Heading>
      <p className="text-sm text-gray-600">
        {t('routeSummary', {
          stops: t('stopCount', { count: route.appointments.length }),
          distance: formatKilometres(route.totalDistance ?? 0, locale),
          driving: formatDuration(route.drivingMinutes, t),
        })}
        {level === 3 && route.backAtDepot ? ` · ${t('routeBackAtDepot', { time: formatClock(route.backAtDepot, locale) ?? route.backAtDepot })}` : null}
      </p>
    </div>
  );
}
