import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkOrderPostalCode, checkPostalCode, checkoutPath, fetchAvailableDates, fetchFridayOffer, mapServerField, pickEarlierFridaysNote, readQuoteSummary } from './booking-client';

describe('readQuoteSummary', () => {
  it('reads the code the branch no longer serves (0096), and nothing from a served or malformed answer', () => {
    expect(readQuoteSummary({ serviceType: 'onetime', postalCode: 'L0R 2C4', outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } })?.outsideServiceArea)
      .toEqual({ postalCode: 'L0R 2C4', area: 'Vineland' });
    expect(readQuoteSummary({ serviceType: 'onetime', outsideServiceArea: { postalCode: 'M5V 3L9', area: null } })?.outsideServiceArea).toEqual({ postalCode: 'M5V 3L9', area: null });
    for (const value of [null, undefined, 'L0R 2C4', { area: 'Vineland' }, { postalCode: '' }]) {
      expect(readQuoteSummary({ serviceType: 'onetime', outsideServiceArea: value })?.outsideServiceArea, JSON.stringify(value)).toBeNull();
    }
  });

  it('reads the quotes API answer for /book-quote', () => {
    const quote = readQuoteSummary({
      id: 12, token: 't', customerName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '9055550100',
      serviceType: 'seasonal', propertySize: '0.75', includeTick: true, includeTargetedInsects: false, extras: ['breeding-site-inspection', 7],
      address: '1 Main St', city: 'Ancaster', postalCode: 'L9G 1A1', discountCode: 'MIDSEASON', totalPrice: 402, totalCents: 45426,
    });
    expect(quote).toMatchObject({ id: 12, name: 'Ada Lovelace', email: 'ada@example.com', propertySize: 0.75, includeTick: true, extras: ['breeding-site-inspection'], discountCode: 'MIDSEASON', totalCents: 45426 });
  });
  it('keeps the quote\'s first and last name as the API gives them (0070)', () => {
    const quote = readQuoteSummary({ serviceType: 'seasonal', customerName: 'José María Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña' });
    expect(quote).toMatchObject({ name: 'José María Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña' });
  });
  it('says where the postal code comes from, and that there is none when the quote kept none (0087)', () => {
    expect(readQuoteSummary({ serviceType: 'seasonal', postalCode: 'L9G 1A1', postalCodeFrom: 'quote' })).toMatchObject({ postalCode: 'L9G 1A1', postalCodeFrom: 'quote' });
    expect(readQuoteSummary({ serviceType: 'seasonal', postalCode: 'L9G 1A1', postalCodeFrom: 'customer' })).toMatchObject({ postalCodeFrom: 'customer' });
    expect(readQuoteSummary({ serviceType: 'seasonal', postalCode: null, postalCodeFrom: null })).toMatchObject({ postalCode: '', postalCodeFrom: null });
  });
  it('rejects an answer without a quote', () => {
    expect(readQuoteSummary(null)).toBeNull();
    expect(readQuoteSummary({ message: 'Not found' })).toBeNull();
  });
});

describe('checkout hand-off', () => {
  it('carries the appointment id with the booking reference (what the server asks for) and maps server field names onto the form', () => {
    expect(checkoutPath(42, 'BK-7H3K9QZ2')).toBe('/checkout?appointmentId=42&ref=BK-7H3K9QZ2');
    expect(mapServerField('postalCode', 'zipCode')).toBe('zipCode');
    expect(mapServerField('notes', 'zipCode')).toBe('specialInstructions');
  });
});

describe('checkPostalCode', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('names an unserved code as Canada Post writes it, whatever the API or the customer wrote', async () => {
    const fetchMock = vi.fn(async () => Response.json({ inServiceArea: false, postalCode: 'K1A0B1', area: null }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkPostalCode(' k1a 0b1 ')).toEqual({ status: 'out', postalCode: 'K1A 0B1' });
    expect(fetchMock).toHaveBeenCalledWith('/api/service-area/check/K1A0B1', { credentials: 'include' });
  });

  it('tells a served code, a malformed one and an unanswered check apart', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ inServiceArea: true, postalCode: 'L9G3K2', area: 'Ancaster' })));
    expect(await checkPostalCode('L9G 3K2')).toEqual({ status: 'in' });
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'bad' }, { status: 400 })));
    expect(await checkPostalCode('123')).toEqual({ status: 'invalid' });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    expect(await checkPostalCode('L9G 3K2')).toEqual({ status: 'unknown' });
  });
});

describe("/book-quote's postal code check before booking the first open Friday (0087)", () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('asks for a code instead of booking with a stand-in, and asks nothing of the service when there is none', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkOrderPostalCode('  ')).toEqual({ ok: false, refusal: { key: 'booking.validation.zipCodeRequired' } });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a malformed code and one outside the area, with the booking form\'s messages', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'bad' }, { status: 400 })));
    expect(await checkOrderPostalCode('123')).toEqual({ ok: false, refusal: { key: 'booking.validation.invalidPostalCode' } });
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ inServiceArea: false, postalCode: 'K1A0B1', area: null })));
    expect(await checkOrderPostalCode('k1a0b1')).toEqual({ ok: false, refusal: { key: 'booking.errors.outsideArea', values: { postalCode: 'K1A 0B1' } } });
  });

  it('books with a served code as typed, and leaves an unanswered check to the server', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ inServiceArea: true, postalCode: 'L9G3K2', area: 'Ancaster' })));
    expect(await checkOrderPostalCode(' L9G 3K2 ')).toEqual({ ok: true, postalCode: 'L9G 3K2' });
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('offline'); }));
    expect(await checkOrderPostalCode('L9G 3K2')).toEqual({ ok: true, postalCode: 'L9G 3K2' });
  });
});

describe('fetchFridayOffer (0092, 0099)', () => {
  it('reads the Fridays and why earlier ones are left out; an older answer without the flags says nothing', async () => {
    const fetchMock = vi.fn(async () => Response.json({ dates: ['2027-05-14', '2027-05-21'], earlierFull: true, earlierClosed: false }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchFridayOffer('seasonal', false)).toEqual({ dates: ['2027-05-14', '2027-05-21'], earlier: 'earlierFull' });
    expect(fetchMock).toHaveBeenCalledWith('/api/appointments/available-dates?serviceType=seasonal', { credentials: 'include' });
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ dates: ['2027-05-14'], earlierFull: false, earlierClosed: true })));
    expect(await fetchFridayOffer('onetime')).toEqual({ dates: ['2027-05-14'], earlier: 'earlierClosed' });
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ dates: ['2027-05-07'] })));
    expect(await fetchFridayOffer('onetime', true)).toEqual({ dates: ['2027-05-07'], earlier: null });
    expect(await fetchAvailableDates('onetime')).toEqual(['2027-05-07']);
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'down' }, { status: 503 })));
    expect(await fetchFridayOffer('onetime')).toBeNull();
  });

  it('says a closed Friday is closed, not full: one note for each case', () => {
    expect(pickEarlierFridaysNote({ earlierFull: true, earlierClosed: false })).toBe('earlierFull');
    expect(pickEarlierFridaysNote({ earlierFull: false, earlierClosed: true })).toBe('earlierClosed');
    expect(pickEarlierFridaysNote({ earlierFull: true, earlierClosed: true })).toBe('earlierFullOrClosed');
    expect(pickEarlierFridaysNote({ earlierFull: false, earlierClosed: false })).toBeNull();
    expect(pickEarlierFridaysNote({ earlierFull: 'yes' })).toBeNull();
  });
});
