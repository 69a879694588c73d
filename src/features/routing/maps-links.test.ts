import { describe, expect, it } from 'vitest';
import { buildMapsLinks, MAX_LINK_WAYPOINTS, splitRouteIntoLegs } from './maps-links';

const depot = { latitude: 43.2557, longitude: -79.869 };
const stopsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ latitude: 43 + i / 100, longitude: -79.9 + i / 100 }));

function parse(url: string) {
  const u = new URL(url);
  const waypoints = u.searchParams.get('waypoints');
  return {
    origin: u.searchParams.get('origin')!,
    destination: u.searchParams.get('destination')!,
    waypoints: waypoints ? waypoints.split('|') : [],
    travelmode: u.searchParams.get('travelmode'),
    api: u.searchParams.get('api'),
  };
}

describe('maps links per leg', () => {
  it('splits 30 stops into 4 continuous legs of at most 9 waypoints, in route order, depot to depot', () => {
    const stops = stopsOf(30);
    const links = buildMapsLinks(stops, depot).map(parse);
    expect(links).toHaveLength(4);
    for (const link of links) {
      expect(link.waypoints.length).toBeLessThanOrEqual(MAX_LINK_WAYPOINTS);
      expect(link.travelmode).toBe('driving');
      expect(link.api).toBe('1');
    }
    for (let i = 1; i < links.length; i++) expect(links[i]!.origin).toBe(links[i - 1]!.destination);
    expect(links[0]!.origin).toBe('43.255700,-79.869000');
    expect(links.at(-1)!.destination).toBe('43.255700,-79.869000');
    // Every stop appears exactly once, in order, as a waypoint or a leg end.
    const visited = links.flatMap((l) => [...l.waypoints, l.destination]).slice(0, -1);
    expect(visited).toEqual(stops.map((s) => `${s.latitude.toFixed(6)},${s.longitude.toFixed(6)}`));
  });

  it('gives one link for a short route and none for an empty one', () => {
    expect(buildMapsLinks(stopsOf(9), depot)).toHaveLength(1);
    expect(parse(buildMapsLinks(stopsOf(9), depot)[0]!).waypoints).toHaveLength(9);
    expect(buildMapsLinks(stopsOf(10), depot)).toHaveLength(2);
    expect(buildMapsLinks([], depot)).toEqual([]);
  });

  it('starts from the given place (the last stop done) and still ends at the depot', () => {
    const lastDone = { latitude: 43.3, longitude: -79.8 };
    const links = buildMapsLinks(stopsOf(12), depot, lastDone).map(parse);
    expect(links).toHaveLength(2);
    expect(links[0]!.origin).toBe('43.300000,-79.800000');
    expect(links[1]!.origin).toBe(links[0]!.destination);
    expect(links.at(-1)!.destination).toBe('43.255700,-79.869000');
    expect(buildMapsLinks([], depot, lastDone)).toEqual([]);
  });

  it('uses the address and city when a stop has no coordinates', () => {
    const [link] = buildMapsLinks([{ address: '60 Main St', city: 'Dundas' }], depot);
    expect(parse(link!).waypoints).toEqual(['60 Main St, Dundas']);
  });

  it('keeps legs continuous for any length', () => {
    for (let n = 1; n <= 40; n++) {
      const legs = splitRouteIntoLegs(Array.from({ length: n }, (_, i) => i + 1), 0);
      expect(legs[0]!.origin).toBe(0);
      expect(legs.at(-1)!.destination).toBe(0);
      for (let i = 1; i < legs.length; i++) expect(legs[i]!.origin).toBe(legs[i - 1]!.destination);
      expect(legs.flatMap((l) => [...l.waypoints, l.destination]).slice(0, -1)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    }
  });
});
