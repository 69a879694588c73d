import { formatAddressLine } from '@/lib/address-line';

/**
 * Shareable Google Maps directions links for a route (DECISIONS §10). A maps URL takes at most 9
 * intermediate waypoints, so a long route becomes several legs, each starting where the previous
 * one ended: depot → stops … → depot, split into links in route order.
 */
export const MAX_LINK_WAYPOINTS = 9;

export interface MapsPlace {
  latitude?: number | null;
  longitude?: number | null;
  address?: string | null;
  city?: string | null;
}

/** Coordinates when known (exact), else the address and city (what a person would type). */
export function formatMapsPlace(place: MapsPlace): string {
  if (typeof place.latitude === 'number' && typeof place.longitude === 'number') {
    return `${place.latitude.toFixed(6)},${place.longitude.toFixed(6)}`;
  }
  return formatAddressLine(place.address, place.city);
}

/**
 * Splits the full path (`from`, by default the depot; the stops in route order; the depot) into
 * legs. Each leg has an origin, a destination and at most `maxWaypoints` places in between;
 * consecutive legs share an end point.
 */
export function splitRouteIntoLegs<T>(stops: readonly T[], depot: T, maxWaypoints = MAX_LINK_WAYPOINTS, from: T = depot): { origin: T; destination: T; waypoints: T[] }[] {
  if (stops.length === 0) return [];
  const path = [from, ...stops, depot];
  const legs: { origin: T; destination: T; waypoints: T[] }[] = [];
  // A leg covers origin + waypoints + destination: maxWaypoints + 1 steps along the path.
  const step = maxWaypoints + 1;
  for (let from = 0; from < path.length - 1; from += step) {
    const to = Math.min(from + step, path.length - 1);
    legs.push({ origin: path[from]!, destination: path[to]!, waypoints: path.slice(from + 1, to) });
  }
  return legs;
}

/**
 * One directions URL per leg, driving mode, for the stops still to drive: from `from` (the last stop
 * done, or the depot before any) through `stops` and back to the depot.
 */
export function buildMapsLinks(stops: readonly MapsPlace[], depot: MapsPlace, from: MapsPlace = depot): string[] {
  return splitRouteIntoLegs(stops.map(formatMapsPlace), formatMapsPlace(depot), MAX_LINK_WAYPOINTS, formatMapsPlace(from)).map((leg) => {
    const params = new URLSearchParams({ api: '1', origin: leg.origin, destination: leg.destination });
    if (leg.waypoints.length > 0) params.set('waypoints', leg.waypoints.join('|'));
    params.set('travelmode', 'driving');
    return `https://www.google.com/maps/dir/?${params.toString()}`;
  });
}
