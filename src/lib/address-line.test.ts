import { describe, expect, it } from 'vitest';
import { addressNamesCity, findPostalCodeIn, formatAddressLine, isSameStreet } from './address-line';

describe('formatAddressLine', () => {
  it.each([
    // The QA case: the stored address already ends with the town.
    ['45 Wilson St, Ancaster', 'Ancaster', 'L9G 2B5', '45 Wilson St, Ancaster, L9G 2B5'],
    ['45 Wilson St', 'Ancaster', 'L9G 2B5', '45 Wilson St, Ancaster, L9G 2B5'],
    ['45 wilson st, ANCASTER', 'Ancaster', 'L9G 2B5', '45 wilson st, ANCASTER, L9G 2B5'],
    ['45 Wilson St Ancaster', 'Ancaster', 'L9G 2B5', '45 Wilson St Ancaster, L9G 2B5'],
    ['45 Wilson St, Ancaster, ON', 'Ancaster', 'L9G 2B5', '45 Wilson St, Ancaster, ON, L9G 2B5'],
    ['45 Wilson St, Ancaster ON L9G 2B5', 'Ancaster', 'L9G 2B5', '45 Wilson St, Ancaster ON L9G 2B5'],
    ['120 King St W, Hamilton, ON L8P 4V2, Canada', 'Hamilton', 'l8p4v2', '120 King St W, Hamilton, ON L8P 4V2, Canada'],
    ['5 Main St, Hamilton Mountain', 'Hamilton Mountain', 'L9A 1A1', '5 Main St, Hamilton Mountain, L9A 1A1'],
    ['12 King St W, Hamilton, ', 'hamilton', null, '12 King St W, Hamilton'],
    // A street named after the town is not the town.
    ['12 Hamilton Rd', 'Hamilton', 'L8P 1A1', '12 Hamilton Rd, Hamilton, L8P 1A1'],
    ['1 Dundas St E', 'Dundas', null, '1 Dundas St E, Dundas'],
    ['5 King St, Hamilton Mountain', 'Hamilton', null, '5 King St, Hamilton Mountain, Hamilton'],
    ['9 Bay St', null, '', '9 Bay St'],
    ['', 'Dundas', 'L9H 2B3', 'Dundas, L9H 2B3'],
  ])('%j + %j + %j → %j', (address, city, postalCode, expected) => {
    expect(formatAddressLine(address, city, postalCode)).toBe(expected);
  });

  it('never names the town twice for any casing of an address that ends with it', () => {
    for (const address of ['45 Wilson St, Ancaster', '45 Wilson St, ancaster', '45 Wilson St,  ANCASTER ', '45 Wilson St Ancaster']) {
      const line = formatAddressLine(address, 'Ancaster', 'L9G 2B5');
      expect(line.toLowerCase().match(/ancaster/g), line).toHaveLength(1);
    }
  });
});

describe('addressNamesCity', () => {
  it('is false for an empty town', () => {
    expect(addressNamesCity('45 Wilson St, Ancaster', '  ')).toBe(false);
  });
});

describe('the street and postal code /book-quote offers for a quote that kept no code (0087)', () => {
  it('knows one street address however it is written, and no other', () => {
    expect(isSameStreet('12 King St. W, Hamilton', '12 king st w')).toBe(true);
    expect(isSameStreet('12 King St W', '14 King St W')).toBe(false);
    expect(isSameStreet('', '')).toBe(false);
    expect(isSameStreet(null, '12 King St W')).toBe(false);
  });

  it('finds a postal code written in the address, with or without its space', () => {
    expect(findPostalCodeIn('12 King St W, Hamilton ON l8p1a1')).toBe('L8P 1A1');
    expect(findPostalCodeIn('45 Wilson St, Ancaster, L9G-2B5')).toBe('L9G 2B5');
    expect(findPostalCodeIn('12 King St W, Hamilton')).toBeNull();
  });
});
