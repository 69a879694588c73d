/**
 * Approximate centre of each served FSA, for the offline geocoder (DECISIONS §10) when no online
 * geocoder is configured. One row per FSA in `DEFAULT_SERVED_PREFIXES`.
 *
 * Source: hand-placed from geographic knowledge of Hamilton and its neighbourhoods (not survey
 * data); each point sits in the FSA's main residential area, good to roughly 1-2 km, which is
 * enough for route ordering and travel-time estimates. L0R covers a large rural ring (Flamborough,
 * Binbrook, Mount Hope and beyond), so its single point is only a coarse placeholder: prefer a real
 * geocode there.
 */
import { extractFsa } from './postal-code';

export interface FsaCentroid {
  fsa: string;
  /** Neighbourhood the point sits in, to make review easy. */
  place: string;
  latitude: number;
  longitude: number;
}

export const FSA_CENTROIDS: readonly FsaCentroid[] = [
  { fsa: 'L8E', place: 'Stoney Creek (lower, east of Centennial Pkwy)', latitude: 43.228, longitude: -79.713 },
  { fsa: 'L8G', place: 'Stoney Creek (old town)', latitude: 43.217, longitude: -79.761 },
  { fsa: 'L8H', place: 'Hamilton east end (Parkview, Homeside)', latitude: 43.237, longitude: -79.789 },
  { fsa: 'L8J', place: 'Upper Stoney Creek', latitude: 43.192, longitude: -79.773 },
  { fsa: 'L8K', place: 'Hamilton east (Rosedale, Corman)', latitude: 43.221, longitude: -79.797 },
  { fsa: 'L8L', place: 'Hamilton north-east (Crown Point, Landsdale)', latitude: 43.257, longitude: -79.831 },
  { fsa: 'L8M', place: 'Hamilton lower east (Stipeley, Delta)', latitude: 43.243, longitude: -79.829 },
  { fsa: 'L8N', place: 'Hamilton lower central (Corktown, Stinson)', latitude: 43.247, longitude: -79.857 },
  { fsa: 'L8P', place: 'Downtown Hamilton west (Durand, Kirkendall)', latitude: 43.253, longitude: -79.879 },
  { fsa: 'L8R', place: 'Downtown Hamilton north (Central, Strathcona)', latitude: 43.265, longitude: -79.872 },
  { fsa: 'L8S', place: 'Westdale, McMaster', latitude: 43.262, longitude: -79.909 },
  { fsa: 'L8T', place: 'East Mountain (Hill Park, Lisgar)', latitude: 43.213, longitude: -79.835 },
  { fsa: 'L8V', place: 'Central Mountain east (Inch Park, Sherwood)', latitude: 43.226, longitude: -79.853 },
  { fsa: 'L8W', place: 'South-east Mountain (Rymal, Templemead)', latitude: 43.192, longitude: -79.843 },
  { fsa: 'L9A', place: 'Central Mountain (Balfour, Bruleville)', latitude: 43.228, longitude: -79.873 },
  { fsa: 'L9B', place: 'South Mountain (Falkirk, Gilbert)', latitude: 43.196, longitude: -79.885 },
  { fsa: 'L9C', place: 'West Mountain (Westcliffe, Mohawk)', latitude: 43.226, longitude: -79.906 },
  { fsa: 'L9K', place: 'Ancaster east (Meadowlands)', latitude: 43.218, longitude: -79.947 },
  { fsa: 'L9G', place: 'Ancaster village', latitude: 43.217, longitude: -79.987 },
  { fsa: 'L9H', place: 'Dundas', latitude: 43.266, longitude: -79.955 },
  { fsa: 'L8B', place: 'Waterdown', latitude: 43.334, longitude: -79.893 },
  { fsa: 'L0R', place: 'Flamborough (rural Hamilton, coarse)', latitude: 43.32, longitude: -79.99 },
  { fsa: 'L3M', place: 'Grimsby', latitude: 43.194, longitude: -79.561 },
  { fsa: 'N3W', place: 'Caledonia', latitude: 43.073, longitude: -79.953 },
];

const BY_FSA = new Map(FSA_CENTROIDS.map((row) => [row.fsa, row]));

/** The centroid for a postal code's FSA (any spacing or case), or null when we have none. */
export function findFsaCentroid(postalCode: string): FsaCentroid | null {
  return BY_FSA.get(extractFsa(postalCode)) ?? null;
}
