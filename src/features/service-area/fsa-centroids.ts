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
import { extractFsa, normalisePostalCode } from './postal-code';

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

/**
 * The centre of each community `L0R_COMMUNITIES` names inside the rural L0R, by its five-character
 * prefix: a Beamsville stop belongs east of Grimsby, not at the FSA's point in Flamborough, 40 km
 * west. Hand-placed at each village's main street, good to a kilometre or two.
 */
const L0R_COMMUNITY_CENTROIDS: readonly (FsaCentroid & { prefix: string })[] = [
  { prefix: 'L0R1B', place: 'Beamsville', latitude: 43.166, longitude: -79.476 },
  { prefix: 'L0R1C', place: 'Binbrook', latitude: 43.122, longitude: -79.809 },
  { prefix: 'L0R1H', place: 'Carlisle', latitude: 43.392, longitude: -79.977 },
  { prefix: 'L0R1J', place: 'Copetown', latitude: 43.240, longitude: -80.053 },
  { prefix: 'L0R1K', place: 'Freelton', latitude: 43.398, longitude: -80.037 },
  { prefix: 'L0R1S', place: 'Jordan Station', latitude: 43.153, longitude: -79.370 },
  { prefix: 'L0R1T', place: 'Lynden', latitude: 43.232, longitude: -80.136 },
  { prefix: 'L0R1V', place: 'Millgrove', latitude: 43.322, longitude: -79.968 },
  { prefix: 'L0R1W', place: 'Mount Hope', latitude: 43.163, longitude: -79.928 },
  { prefix: 'L0R1X', place: 'Rockton', latitude: 43.311, longitude: -80.110 },
  { prefix: 'L0R1Z', place: 'Sheffield', latitude: 43.310, longitude: -80.183 },
  { prefix: 'L0R2A', place: 'Smithville', latitude: 43.094, longitude: -79.548 },
  { prefix: 'L0R2B', place: 'Troy', latitude: 43.262, longitude: -80.170 },
  { prefix: 'L0R2C', place: 'Vineland', latitude: 43.151, longitude: -79.393 },
  { prefix: 'L0R2E', place: 'Vineland Station', latitude: 43.178, longitude: -79.397 },
  { prefix: 'L0R2H', place: 'Waterdown', latitude: 43.335, longitude: -79.893 },
  { prefix: 'L0R2J', place: 'Wellandport', latitude: 43.001, longitude: -79.486 },
].map((row) => ({ ...row, fsa: 'L0R' }));

const BY_FSA = new Map(FSA_CENTROIDS.map((row) => [row.fsa, row]));
const BY_COMMUNITY = new Map(L0R_COMMUNITY_CENTROIDS.map(({ prefix, ...row }) => [prefix, row]));

/**
 * The centroid for a postal code (any spacing or case): its community's where one is known (the
 * L0R villages), else its FSA's; null when we have neither.
 */
export function findFsaCentroid(postalCode: string): FsaCentroid | null {
  return BY_COMMUNITY.get(normalisePostalCode(postalCode).slice(0, 5)) ?? BY_FSA.get(extractFsa(postalCode)) ?? null;
}
