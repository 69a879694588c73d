import { describe, expect, it } from 'vitest';
import {
  AppointmentRequestSchema, BookingFormSchema, CustomerRequestSchema, normaliseAppointmentPayload, normaliseTime, prepareOrderCustomer, ServiceRequestSchema, toFormServiceType,
} from './booking.schema';
import { splitFullName } from '@/lib/person-name';

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
    ['phone', '', 'booking.validation.phoneRequired'],
    ['phone', '905555010', 'errors.phoneInvalid'],
    ['phone', 'abcdefghijk', 'errors.phoneInvalid'],
    ['address', '12 K', 'booking.validation.addressRequired'],
    ['city', 'H', 'booking.validation.cityRequired'],
    ['zipCode', 'L8P4', 'booking.validation.zipCodeRequired'],
    ['date', '', 'booking.validation.dateRequired'],
  ])('rejects a short %s with its message key', (field, value, key) => {
    const result = BookingFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(key);
  });
  it.each([
    ['firstName', 100, 'errors.tooLong.firstName'],
    ['lastName', 100, 'errors.tooLong.lastName'],
    ['address', 300, 'errors.tooLong.address'],
    ['city', 100, 'errors.tooLong.city'],
    ['zipCode', 10, 'errors.tooLong.postalCode'],
    ['specialInstructions', 1000, 'errors.tooLong.notes'],
  ] as const)('takes a %s of %i characters and refuses one more with its own message', (field, limit, key) => {
    expect(BookingFormSchema.safeParse({ ...valid, [field]: 'a'.repeat(limit) }).success).toBe(true);
    expect(BookingFormSchema.safeParse({ ...valid, [field]: 'a'.repeat(limit + 1) }).error!.issues[0]!.message).toBe(key);
  });
  it('keeps a too-long email apart from a malformed one', () => {
    expect(BookingFormSchema.safeParse({ ...valid, email: `${'a'.repeat(250)}@example.com` }).error!.issues[0]!.message).toBe('errors.tooLong.email');
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
    expect(ServiceRequestSchema.safeParse({ ...base, phone: '' }).error!.issues[0]!.message).toBe('booking.validation.validPhone');
    expect(ServiceRequestSchema.safeParse({ ...base, phone: '905555' }).error!.issues[0]!.message).toBe('errors.phoneInvalid');
    expect(ServiceRequestSchema.safeParse({ ...base, phone: 'abcdefghijk' }).error!.issues[0]!.message).toBe('errors.phoneInvalid');
  });
  it('caps every text field with its own message (the name becomes a first and last name of at most 100 each)', () => {
    const base = { name: 'Al', email: 'a@b.co', phone: '905-555-0100', address: '1 Main', city: 'Hamilton', postalCode: 'L8P4R5', propertySize: '0.25', serviceType: 'onetime', includeTick: false, includeStandingWater: false };
    const first = (over: object) => ServiceRequestSchema.safeParse({ ...base, ...over }).error?.issues[0]?.message;
    expect(first({ name: 'n'.repeat(100) })).toBeUndefined();
    expect(first({ name: 'n'.repeat(101) })).toBe('errors.tooLong.name');
    expect(first({ address: 'a'.repeat(301) })).toBe('errors.tooLong.address');
    expect(first({ city: 'c'.repeat(101) })).toBe('errors.tooLong.city');
    expect(first({ postalCode: 'L8P 4R5 L8P' })).toBe('errors.tooLong.postalCode');
    expect(first({ specialRequests: 's'.repeat(1001) })).toBe('errors.tooLong.notes');
  });
});

describe('POST /api/customers and /api/appointments limits (the same as the forms)', () => {
  const customer = { firstName: 'Al', lastName: 'Bo', email: 'al@example.com', phone: '905-555-0100' };
  const customerKeys = (over: object) =>
    Object.fromEntries((CustomerRequestSchema.safeParse({ ...customer, ...over }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
  const appointmentKeys = (over: object) =>
    Object.fromEntries((AppointmentRequestSchema.safeParse({ serviceType: 'onetime', date: '2027-05-07', ...over }).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('names each over-long customer field with its own message', () => {
    expect(customerKeys({ firstName: 'f'.repeat(101), lastName: 'l'.repeat(101), address: 'a'.repeat(301), city: 'c'.repeat(101), zipCode: 'z'.repeat(11) })).toEqual({
      firstName: 'errors.tooLong.firstName', lastName: 'errors.tooLong.lastName', address: 'errors.tooLong.address', city: 'errors.tooLong.city', zipCode: 'errors.tooLong.postalCode',
    });
    expect(customerKeys({ firstName: 'f'.repeat(100), lastName: 'l'.repeat(100) })).toEqual({});
  });

  it('applies the phone rule to a customer and to an appointment that carries contact details', () => {
    expect(customerKeys({ phone: 'abcdefghijk' })).toEqual({ phone: 'errors.phoneInvalid' });
    expect(customerKeys({ phone: '' })).toEqual({ phone: 'booking.validation.phoneRequired' });
    expect(customerKeys({ phone: '+1 (905) 555-0100 ext. 12' })).toEqual({});
    expect(appointmentKeys({ phone: 'abcdefghijk' })).toEqual({ phone: 'errors.phoneInvalid' });
    expect(appointmentKeys({ phone: '' })).toEqual({});
  });

  it('names each over-long appointment field with its own message', () => {
    expect(appointmentKeys({ firstName: 'f'.repeat(101), lastName: 'l'.repeat(101), notes: 'n'.repeat(1001), postalCode: 'p'.repeat(11) })).toEqual({
      firstName: 'errors.tooLong.firstName', lastName: 'errors.tooLong.lastName', notes: 'errors.tooLong.notes', postalCode: 'errors.tooLong.postalCode',
    });
  });
});

describe('appointment payload variants (SPEC §3)', () => {
  it('normalises the one-step booking: ISO date, string size, 9:00 AM', () => {
    const input = parse({ serviceType: 'onetime', propertySize: '0.75', firstName: 'A', lastName: 'B', email: 'A@Example.com', phone: '905-555-0100', address: '1 Main', city: 'Hamilton', postalCode: 'L8P 4R5', date: '2027-05-07T04:00:00.000Z', time: '9:00 AM', status: 'pending' });
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
  it('orders with the first and last name the quote kept, not its name split at the first space (0070)', () => {
    expect(prepareOrderCustomer({ name: 'José María Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña', email: 'a@b.co', address: '1 Main' }))
      .toMatchObject({ ok: true, customer: { firstName: 'José María', lastName: 'Núñez Peña' } });
  });
  it('orders without a phone the rule refuses (a quote saved before it) and the API takes the stand-in', () => {
    const order = prepareOrderCustomer({ name: 'Jo Doe', email: 'a@b.co', address: '1 Main', phone: '905' });
    expect(order).toMatchObject({ ok: true, customer: { phone: '000-000-0000' } });
    expect(prepareOrderCustomer({ name: 'Jo Doe', email: 'a@b.co', address: '1 Main', phone: ' 905-555-0100 ' })).toMatchObject({ ok: true, customer: { phone: '905-555-0100' } });
    expect(CustomerRequestSchema.safeParse(order.ok ? order.customer : null).success).toBe(true);
  });
  it('maps planSelected service types to the form', () => {
    expect(toFormServiceType('tick-seasonal')).toBe('tick');
    expect(toFormServiceType('consult')).toBeNull();
  });
});
