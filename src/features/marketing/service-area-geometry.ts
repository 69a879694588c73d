/**
 * What the service-area map draws, kept pure so it can be checked without a browser: the frame,
 * the projection, and the water (the west end of Lake Ontario and Hamilton Harbour) traced by hand
 * from the shoreline's well-known points. Good to a few hundred metres, which is plenty for a map
 * 800 units wide covering 55 km.
 */

export type LatLon = readonly [latitude: number, longitude: number];

export const MAP_BOUNDS = { west: -80.12, east: -79.44, north: 43.37, south: 43.05 } as const;
export const MAP_WIDTH = 800;
const X_SCALE = Math.cos((43.2 * Math.PI) / 180);
const SCALE = MAP_WIDTH / ((MAP_BOUNDS.east - MAP_BOUNDS.west) * X_SCALE);
export const MAP_HEIGHT = Math.round((MAP_BOUNDS.north - MAP_BOUNDS.south) * SCALE);

/** Equirectangular projection into the map's frame (plenty over 50 km). */
export function project(latitude: number, longitude: number): [number, number] {
  return [
    Math.round((longitude - MAP_BOUNDS.west) * X_SCALE * SCALE),
    Math.round((MAP_BOUNDS.north - latitude) * SCALE),
  ];
}

/**
 * Lake Ontario inside the frame: the Burlington shore from the top edge down to the ship canal,
 * the beach strip to Confederation Park, then the south shore past Stoney Creek, Fifty Point and
 * Grimsby to the east edge. Waterdown, Aldershot and Burlington stay on land, north-west of it.
 */
export const LAKE: readonly LatLon[] = [
  [43.37, -79.735], [43.36, -79.746], [43.338, -79.77], [43.324, -79.794], [43.3, -79.795],
  [43.276, -79.78], [43.252, -79.758], [43.243, -79.72], [43.233, -79.67], [43.219, -79.628],
  [43.21, -79.59], [43.205, -79.56], [43.196, -79.5], [43.19, -79.44], [43.37, -79.44],
];

/** Hamilton Harbour, between the beach strip and Cootes Paradise, north of downtown and the steel mills. */
export const HARBOUR: readonly LatLon[] = [
  [43.3, -79.797], [43.304, -79.83], [43.297, -79.861], [43.289, -79.884], [43.275, -79.877],
  [43.276, -79.851], [43.268, -79.826], [43.262, -79.8], [43.27, -79.786],
];

/** Ray casting: true when the point lies inside the polygon (latitude/longitude pairs). */
export function isInside(point: LatLon, polygon: readonly LatLon[]): boolean {
  const [y, x] = point;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function isOnWater(latitude: number, longitude: number): boolean {
  return isInside([latitude, longitude], LAKE) || isInside([latitude, longitude], HARBOUR);
}

/** A polygon as the `points` attribute of an SVG polygon. */
export function toSvgPoints(polygon: readonly LatLon[]): string {
  return polygon.map(([lat, lon]) => project(lat, lon).join(',')).join(' ');
}
