import { describe, expect, it } from 'vitest';
import {
  AppointmentRequestSchema, BookingFormSchema, CustomerRequestSchema, normaliseAppointmentPayload, normaliseTime, prepareOrderCustomer, ServiceRequestSchema, splitFullName, toFormServiceType,
} from './booking.schema';

const parse = (raw: unknown) => normaliseAppointmentPayload(AppointmentRequestSchema.parse(raw));

describe('booking form rules (SPEC §5)', () => {
  const valid = {
    firstName: 'Al', lastName: 'Bo', email: 'al@example.com', phone: '9055550100', address: '12 King', city: 'Ha', zipCode: 'L8P4R',
    serviceType: 'tick', propertySize: '0.5', includeTick: false, includeTargetedInsects: false, date: '2027-05-07',
  };
  it('accepts the minimum lengths', () => {
    expect(BookingFormSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['firstName', 'A', 'booking.validation.firstNameRequired'],
    ['lastName', 'B', 'booking.validation.lastNameRequired'],
    ['email', 'nope', 'booking.validation.invalidEmail'],
    ['phone', '905555010', 'booking.validation.phoneRequired'],
    ['address', '12 K', 'booking.validation.addressRequired'],
    ['city', 'H', 'booking.validation.cityRequired'],
    ['zipCode', 'L8P4', 'booking.validation.zipCodeRequired'],
    ['date', '', 'booking.validation.dateRequired'],
  ])('rejects a short %s with its message key', (field, value, key) => {
    const result = BookingFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(key);
  });
  it('only offers onetime, seasonal and tick', () => {
    expect(BookingFormSchema.safeParse({ ...valid, serviceType: 'standingwater' }).success).toBe(false);
  });
});

describe('service request rules (SPEC §5)', () => {
  it('requires a 6-character postal code and a 10-character phone', () => {
    const base = { name: 'Al', email: 'a@b.co', phone: '9055550100', address: '1 Main', city: 'Hamilton', postalCode: 'L8P4R5', propertySize: '0.25', serviceType: 'onetime', includeTick: false, includeStandingWater: false };
    expect(ServiceRequestSchema.safeParse(base).success).toBe(true);
    expect(ServiceRequestSchema.safeParse({ ...base, postalCode: 'L8P4R' }).error!.issues[0]!.message).toBe('booking.validation.validPostalCode');
    expect(ServiceRequestSchema.safeParse({ ...base, phone: '905555' }).error!.issues[0]!.message).toBe('booking.validation.validPhone');
  });
});

describe('appointment payload variants (SPEC §3)', () => {
  it('normalises the one-step booking: ISO date, string size, 9:00 AM', () => {
    const input = parse({ serviceType: 'onetime', propertySize: '0.75', firstName: 'A', lastName: 'B', email: 'A@Example.com', phone: '905', address: '1 Main', city: 'Hamilton', postalCode: 'L8P 4R5', date: '2027-05-07T04:00:00.000Z', time: '9:00 AM', status: 'pending' });
    expect(input).toMatchObject({ date: '2027-05-07', propertySize: 0.75, time: '09:00', status: 'pending', contact: { email: 'a@example.com' }, customerId: null });
  });
  it('normalises the booking form: customerId, zipCode, specialInstructions, tick → tick-seasonal without the tick add-on', () => {
    const input = parse({ customerId: 7, serviceType: 'tick', date: '2027-05-07', time: '09:00', zipCode: 'L8P4R5', specialInstructions: 'Dog in yard', includeTick: true });
    expect(input).toMatchObject({ customerId: 7, serviceType: 'tick-seasonal', includeTick: false, postalCode: 'L8P4R5', notes: 'Dog in yard', contact: null });
  });
  it('maps includeStandingWater and confirmedQuoteTotal (dollars) and defaults the size to 0.25', () => {
    const input = parse({ customerId: 1, serviceType: 'onetime', date: '2027-05-07', includeStandingWater: 'true', confirmedQuoteTotal: 111.87, status: 'pending-payment' });
    expect(input).toMatchObject({ includeTargetedInsects: true, confirmedTotalCents: 11187, propertySize: 0.25, status: 'pending-payment' });
  });
  it('refuses standingwater as a plan and an unknown service type', () => {
    expect(parse({ serviceType: 'standingwater', date: '2027-05-07' })).toBeNull();
    expect(AppointmentRequestSchema.safeParse({ serviceType: 'lawn', date: '2027-05-07' }).success).toBe(false);
  });
  it('refuses a status other than pending / pending-payment (nobody books themselves confirmed)', () => {
    expect(AppointmentRequestSchema.safeParse({ serviceType: 'onetime', date: '2027-05-07', status: 'confirmed' }).success).toBe(false);
  });
  it.each([['9:00 AM', '09:00'], ['1:00 PM', '13:00'], ['12:00 AM', '00:00'], ['09:00', '09:00'], ['', '09:00'], ['25:00', '09:00']])('time %s → %s', (raw, out) => {
    expect(normaliseTime(raw)).toBe(out);
  });
});

describe('customers and the order-creation path', () => {
  it('takes zipCode as the postal code', () => {
    expect(CustomerRequestSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '9055550100', zipCode: 'L8P4R5' }).postalCode).toBe('L8P4R5');
  });
  it('splits a full name at the first space; no last name is "-"', () => {
    expect(splitFullName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '-' });
  });
  it('lists the missing required fields and fills SPEC defaults', () => {
    expect(prepareOrderCustomer({ name: ' ', email: 'a@b.co' })).toEqual({ ok: false, missing: ['name', 'address'] });
    expect(prepareOrderCustomer({ name: 'Jo Doe', email: 'a@b.co', address: '1 Main' })).toEqual({
      ok: true, customer: { firstName: 'Jo', lastName: 'Doe', email: 'a@b.co', address: '1 Main', phone: '000-000-0000', city: 'Hamilton', postalCode: 'L8P1X1' },
    });
  });
  it('maps planSelected service types to the form', () => {
    expect(toFormServiceType('tick-seasonal')).toBe('tick');
    expect(toFormServiceType('consult')).toBeNull();
  });
});
