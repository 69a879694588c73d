import { useId } from 'react';
import { stopNumberInk } from '@/features/technicians/technician.schema';
import type { DayRoute, Depot } from '../route.service';

const WIDTH = 640;
const HEIGHT = 440;
const PADDING = 30;

interface Projected { x: number; y: number }

/**
 * Fits latitude/longitude into the drawing: an equirectangular projection scaled by cos(latitude),
 * accurate enough over a city (no tiles, no network).
 */
function createProjection(points: { latitude: number; longitude: number }[]): (p: { latitude: number; longitude: number }) => Projected {
  const meanLat = points.reduce((sum, p) => sum + p.latitude, 0) / points.length;
  const k = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((p) => p.longitude * k);
  const ys = points.map((p) => -p.latitude);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(Math.max(...xs) - minX, 1e-6);
  const spanY = Math.max(Math.max(...ys) - minY, 1e-6);
  const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
  const offsetX = (WIDTH - spanX * scale) / 2;
  const offsetY = (HEIGHT - spanY * scale) / 2;
  return (p) => ({ x: offsetX + (p.longitude * k - minX) * scale, y: offsetY + (-p.latitude - minY) * scale });
}

export function RouteMap({ routes, depot, title, description, depotLabel, stopLabel }: {
  routes: DayRoute[];
  depot: Depot;
  title: string;
  description: string;
  depotLabel: string;
  stopLabel: (position: number, name: string) => string;
}) {
  const id = useId();
  const located = routes.map((route) => ({
    route,
    stops: route.appointments.filter((s) => s.appointment.latitude !== null && s.appointment.longitude !== null),
  }));
  const points = [depot, ...located.flatMap((r) => r.stops.map((s) => ({ latitude: s.appointment.latitude!, longitude: s.appointment.longitude! })))];
  const project = createProjection(points);
  const home = project(depot);

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="h-auto w-full rounded-lg border border-gray-200 bg-slate-50"
      data-testid="route-map"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {located.map(({ route, stops }) => {
        const path = [home, ...stops.map((s) => project({ latitude: s.appointment.latitude!, longitude: s.appointment.longitude! })), home];
        return (
          <polyline
            key={`line-${route.id}`}
            points={path.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
            fill="none"
            stroke={route.technicianColor}
            strokeWidth={2.5}
            strokeLinejoin="round"
            strokeOpacity={0.8}
          />
        );
      })}
      {located.map(({ route, stops }) => stops.map((stop) => {
        const p = project({ latitude: stop.appointment.latitude!, longitude: stop.appointment.longitude! });
        return (
          <g key={`stop-${stop.appointment.id}`} data-stop-marker="" data-technician={route.technician ?? ''}>
            <title>{stopLabel(stop.position, `${stop.customer.firstName} ${stop.customer.lastName}`)}</title>
            <circle cx={p.x} cy={p.y} r={9} fill={route.technicianColor} stroke="white" strokeWidth={1.5} />
            <text x={p.x} y={p.y} textAnchor="middle" dominantBaseline="central" fontSize={9} fontWeight={700} fill={stopNumberInk(route.technicianColor)}>
              {stop.position}
            </text>
          </g>
        );
      }))}
      <g data-depot-marker="">
        <title>{depotLabel}</title>
        <rect x={home.x - 9} y={home.y - 9} width={18} height={18} rx={3} fill="#111827" stroke="white" strokeWidth={2} />
        <text x={home.x + 13} y={home.y + 4} fontSize={12} fontWeight={700} fill="#111827">{depotLabel}</text>
      </g>
    </svg>
  );
}
