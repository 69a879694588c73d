import { describe, expect, it } from 'vitest';
import { StaffBookingSchema } from './staff-booking.schema';

const valid = {
  serviceType: 'seasonal', propertySize: 0.5, includeTick: true, extras: ['natural-barrier'], date: '2027-06-04',
  address: '45 Wilson St W', city: 'Ancaster', postalCode: 'L9G 1N1', locale: 'fr',
};
const fieldErrors = (input: unknown) => {
  const parsed = StaffBookingSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('StaffBookingSchema (the office\'s New booking form)', () => {
  it('accepts an order and fills the unticked options', () => {
    expect(StaffBookingSchema.parse({ ...valid, propertySize: '0.5' })).toMatchObject({
      serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: false, extras: ['natural-barrier'], locale: 'fr',
    });
  });

  it('names every missing field with the public booking\'s messages', () => {
    expect(fieldErrors({ serviceType: '', date: '', address: '12', city: '', postalCode: 'L9G' })).toMatchObject({
      serviceType: 'booking.validation.serviceTypeRequired',
      propertySize: 'pricing.errors.propertySize',
      date: 'booking.validation.dateRequired',
      address: 'booking.validation.addressRequired',
      city: 'booking.validation.cityRequired',
      postalCode: 'booking.validation.invalidPostalCode',
    });
  });

  it('refuses a consultation, an unknown add-on or language, and a date that is not a day', () => {
    expect(Object.keys(fieldErrors({ ...valid, serviceType: 'consult', extras: ['gold-plating'], locale: 'it', date: 'next Friday' })).sort())
      .toEqual(['date', 'extras.0', 'locale', 'serviceType']);
  });

  it('has no field for card details: whatever a browser adds is dropped', () => {
    const parsed = StaffBookingSchema.parse({ ...valid, cardNumber: '4242424242424242', cvc: '123' });
    expect(JSON.stringify(parsed)).not.toContain('4242');
  });
});
