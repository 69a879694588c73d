import { getEnv } from '@/env';
import { findFsaCentroid } from '@/features/service-area/fsa-centroids';

/** What a geocoder needs: the street address, its city and its postal code. */
export interface GeocodeInput {
  address: string;
  city?: string | null;
  postalCode?: string | null;
}

export interface GeocodeResult {
  latitude: number;
  longitude: number;
  /** `fsa-centroid`: the approximate centre of the postal code's FSA; `online`: the configured geocoder. */
  source: 'fsa-centroid' | 'online';
}

/** A geocoder turns an address into a point, or null when it cannot place it. */
export interface Geocoder {
  geocode(input: GeocodeInput): Promise<GeocodeResult | null>;
}

/** The online geocoder may be slow or down; a booking must never wait longer than this for it. */
export const ONLINE_GEOCODER_TIMEOUT_MS = 3000;
const CACHE_LIMIT = 2000;

/** Offline geocoder (DECISIONS §10): the FSA centroid of the postal code, good to ~1–2 km. */
export const fsaCentroidGeocoder: Geocoder = {
  async geocode({ postalCode }) {
    if (!postalCode) return null;
    const centroid = findFsaCentroid(postalCode);
    return centroid ? { latitude: centroid.latitude, longitude: centroid.longitude, source: 'fsa-centroid' } : null;
  },
};

/**
 * A Nominatim-compatible geocoder (`/search?format=json&q=…`). Returns null on any failure or
 * timeout, so the caller can fall back to the offline centroid.
 */
export function createOnlineGeocoder(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = ONLINE_GEOCODER_TIMEOUT_MS,
): Geocoder {
  return {
    async geocode({ address, city, postalCode }) {
      const query = [address, city, postalCode, 'Canada'].filter((part) => part && part.trim()).join(', ');
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('format', 'json');
      url.searchParams.set('limit', '1');
      url.searchParams.set('q', query);
      try {
        const response = await fetchImpl(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) return null;
        const body: unknown = await response.json();
        if (!Array.isArray(body) || body.length === 0) return null;
        const first = body[0] as { lat?: unknown; lon?: unknown };
        const latitude = Number(first.lat);
        const longitude = Number(first.lon);
        if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
        if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
        return { latitude, longitude, source: 'online' };
      } catch {
        return null;
      }
    },
  };
}

/** Tries each geocoder in order and keeps the first answer. */
export function chainGeocoders(...geocoders: Geocoder[]): Geocoder {
  return {
    async geocode(input) {
      for (const geocoder of geocoders) {
        const result = await geocoder.geocode(input);
        if (result) return result;
      }
      return null;
    },
  };
}

/**
 * Remembers answers per normalised address. Nulls are not cached so a geocoder that was down
 * gets another chance next time. Bounded: the oldest entry goes first.
 */
export function withCache(geocoder: Geocoder, limit = CACHE_LIMIT): Geocoder & { clear(): void } {
  const cache = new Map<string, GeocodeResult>();
  return {
    async geocode(input) {
      const key = [input.address, input.city ?? '', input.postalCode ?? '']
        .map((part) => part.trim().toLowerCase().replace(/\s+/g, ' '))
        .join('|');
      const hit = cache.get(key);
      if (hit) return hit;
      const result = await geocoder.geocode(input);
      if (result) {
        if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
        cache.set(key, result);
      }
      return result;
    },
    clear() {
      cache.clear();
    },
  };
}

let defaultGeocoder: { url: string | undefined; geocoder: Geocoder } | undefined;

/** The app's geocoder: online (when GEOCODER_URL is set) falling back to the FSA centroid, cached. */
export function getGeocoder(): Geocoder {
  const url = getEnv().GEOCODER_URL;
  if (!defaultGeocoder || defaultGeocoder.url !== url) {
    const inner = url ? chainGeocoders(createOnlineGeocoder(url), fsaCentroidGeocoder) : fsaCentroidGeocoder;
    defaultGeocoder = { url, geocoder: withCache(inner) };
  }
  return defaultGeocoder.geocoder;
}

/**
 * Geocodes a customer address. Offline by default (FSA centroid); online when GEOCODER_URL is
 * set, falling back to the centroid when the geocoder fails or takes more than 3 s. Null when
 * neither can place the address (unknown postal code and no online answer).
 */
export async function geocodeAddress(input: GeocodeInput): Promise<GeocodeResult | null> {
  return getGeocoder().geocode(input);
}
