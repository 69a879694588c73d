import { describe, expect, it, vi } from 'vitest';
import { chainGeocoders, createOnlineGeocoder, fsaCentroidGeocoder, withCache } from './geocode';

const address = { address: '60 Main St', city: 'Dundas', postalCode: 'l9h 2p8' };

describe('geocoders', () => {
  it('places a served postal code at its FSA centroid offline, and nothing for an unknown one', async () => {
    expect(await fsaCentroidGeocoder.geocode(address)).toEqual({ latitude: 43.266, longitude: -79.955, source: 'fsa-centroid' });
    expect(await fsaCentroidGeocoder.geocode({ ...address, postalCode: 'M5V 1J1' })).toBeNull();
  });

  it('asks a Nominatim-compatible server and reads the first hit', async () => {
    const fetchImpl = vi.fn(async () => Response.json([{ lat: '43.2658', lon: '-79.9553' }]));
    const online = createOnlineGeocoder('http://geo.local', fetchImpl as unknown as typeof fetch);
    expect(await online.geocode(address)).toEqual({ latitude: 43.2658, longitude: -79.9553, source: 'online' });
    const url = new URL(String((fetchImpl.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('60 Main St, Dundas, l9h 2p8, Canada');
  });

  it('falls back to the centroid when the online geocoder fails or finds nothing', async () => {
    const down = createOnlineGeocoder('http://geo.local', (async () => { throw new Error('timeout'); }) as unknown as typeof fetch);
    const empty = createOnlineGeocoder('http://geo.local', (async () => Response.json([])) as unknown as typeof fetch);
    for (const online of [down, empty]) {
      expect((await chainGeocoders(online, fsaCentroidGeocoder).geocode(address))?.source).toBe('fsa-centroid');
    }
  });

  it('caches answers per address', async () => {
    const inner = { geocode: vi.fn(async () => ({ latitude: 1, longitude: 2, source: 'online' as const })) };
    const cached = withCache(inner);
    await cached.geocode(address);
    await cached.geocode({ ...address, address: '  60 MAIN st ' });
    expect(inner.geocode).toHaveBeenCalledTimes(1);
  });
});
