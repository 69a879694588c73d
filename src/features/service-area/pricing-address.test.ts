import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { calculatePrice } from '@/features/pricing/pricing';
import { buildPricingAddress, cityForPostalCode } from './pricing-address';
import { DEFAULT_SERVED_PREFIXES } from './postal-code';

const priceFor = (address: string) => calculatePrice(
  { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], address },
  { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13, discount: null },
);

describe('cityForPostalCode', () => {
  it.each([
    ['L9G 2B9', 'Ancaster'],
    ['l9k1l5', 'Ancaster'],
    ['L9H 2P8', 'Dundas'],
    ['L8P 1A1', 'Hamilton'],
    ['L8E 1A1', 'Stoney Creek'],
    ['L3M 1A1', 'Grimsby'],
    ['L0R 1B3', 'Beamsville'],
    ['L0R 1C0', 'Binbrook'],
    ['', 'Hamilton'],
    ['M5V 1A1', 'Hamilton'],
  ])('%s → %s', (postalCode, city) => {
    expect(cityForPostalCode(postalCode, DEFAULT_SERVED_PREFIXES)).toBe(city);
  });
});

describe('buildPricingAddress', () => {
  it('is the booking service string: trimmed address, comma, city', () => {
    expect(buildPricingAddress('  300 Wilson St E ', 'Ancaster')).toBe('300 Wilson St E, Ancaster');
  });

  it('puts the premium on a premium-town postal code even when the street names no town', () => {
    const street = '300 Wilson St E';
    // Ancaster (L9G) and Dundas (L9H) are premium areas; the street alone is not.
    expect(priceFor(street).subtotalCents).toBe(9900);
    expect(priceFor(buildPricingAddress(street, cityForPostalCode('L9G 2B9', DEFAULT_SERVED_PREFIXES))).subtotalCents).toBe(10900);
    expect(priceFor(buildPricingAddress(street, cityForPostalCode('L9H 2P8', DEFAULT_SERVED_PREFIXES))).subtotalCents).toBe(10900);
    expect(priceFor(buildPricingAddress(street, cityForPostalCode('L8P 1A1', DEFAULT_SERVED_PREFIXES))).subtotalCents).toBe(9900);
  });

  it('prices a Waterdown home by its rural code (L0R 2H…) as one with the newer L8B code', () => {
    const street = '28 Mill St S';
    expect(priceFor(buildPricingAddress(street, cityForPostalCode('L0R 2H1', DEFAULT_SERVED_PREFIXES))).subtotalCents).toBe(10900);
    expect(priceFor(buildPricingAddress(street, cityForPostalCode('L8B 0A1', DEFAULT_SERVED_PREFIXES))).subtotalCents).toBe(10900);
  });
});

describe('buildPricingAddress without a town', () => {
  it('falls back to Hamilton, as the booking service always did', () => {
    expect(buildPricingAddress('12 King St W', '')).toBe('12 King St W, Hamilton');
    expect(buildPricingAddress('12 King St W', null)).toBe('12 King St W, Hamilton');
  });
});
