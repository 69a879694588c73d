import { describe, expect, it } from 'vitest';
import { CalculateQuoteSchema, findSecondContactProblems, SecondContactSchema, SendQuoteSchema } from './quote.schema';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('CalculateQuoteSchema', () => {
  it('reads every payload variant SPEC sends', () => {
    expect(CalculateQuoteSchema.parse({ propertySize: '0.5', serviceType: 'tick', includeTick: 'true', includeStandingWater: true, address: '' })).toEqual({
      serviceType: 'tick-seasonal', propertySize: 0.5, includeTick: true, includeTargetedInsects: true, extras: [], discountCode: null, address: 'not provided',
    });
    expect(CalculateQuoteSchema.parse({ propertySize: 999, serviceType: 'onetime', extras: ['natural-barrier', 'natural-barrier'], discountCode: 'MIDSEASON', address: 'Dundas' }))
      .toMatchObject({ propertySize: 999, extras: ['natural-barrier'], discountCode: 'MIDSEASON', includeTick: false, includeTargetedInsects: false });
  });

  it.each([
    [{ propertySize: 0, serviceType: 'onetime' }, { propertySize: 'pricing.errors.propertySize' }],
    [{ propertySize: 'big', serviceType: 'onetime' }, { propertySize: 'pricing.errors.propertySize' }],
    [{ propertySize: 1000, serviceType: 'onetime' }, { propertySize: 'pricing.errors.propertySize' }],
    [{ propertySize: 0.5, serviceType: 'consult' }, { serviceType: 'pricing.errors.serviceType' }],
    [{ propertySize: 0.5 }, { serviceType: 'pricing.errors.serviceType' }],
    [{ propertySize: 0.5, serviceType: 'onetime', extras: ['misting'] }, { 'extras.0': 'pricing.errors.extras' }],
  ])('rejects %j with message keys', (input, expected) => {
    expect(messagesOf(CalculateQuoteSchema.safeParse(input))).toEqual(expected);
  });
});

describe('SendQuoteSchema', () => {
  const details = { serviceType: 'seasonal', propertySize: 0.25, address: '1 Main St, Hamilton' };

  it('normalises the email and ignores the browser total', () => {
    const parsed = SendQuoteSchema.parse({ email: ' Ann@Example.COM ', name: ' Ann Lee ', phone: '905-555-0134', quoteDetails: { ...details, totalPrice: 1, lotSizeDisplay: 'Small' } });
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.name).toBe('Ann Lee');
    expect(parsed.quoteDetails).not.toHaveProperty('totalPrice');
  });

  it('requires name, email and a non-blank address (SPEC §5)', () => {
    expect(messagesOf(SendQuoteSchema.safeParse({ email: '', name: ' ', quoteDetails: { ...details, address: '  ' } }))).toEqual({
      email: 'quotes.invalidEmail', name: 'quotes.nameRequired', 'quoteDetails.address': 'quotes.addressRequired',
    });
    expect(messagesOf(SendQuoteSchema.safeParse({ email: 'a@b.ca', name: 'A' }))).toEqual({ quoteDetails: 'quotes.invalidDetails' });
  });

  it('takes the first and last name as typed beside the full name, spaces folded (0070)', () => {
    const parsed = SendQuoteSchema.parse({ email: 'jm@example.com', name: 'José María  Núñez Peña', firstName: ' José  María ', lastName: 'Núñez Peña', quoteDetails: details });
    expect(parsed).toMatchObject({ name: 'José María  Núñez Peña', firstName: 'José María', lastName: 'Núñez Peña' });
    // SPEC's body without them is still a quote request.
    expect(SendQuoteSchema.parse({ email: 'jm@example.com', name: 'José María Núñez Peña', quoteDetails: details })).not.toHaveProperty('firstName');
    expect(SendQuoteSchema.safeParse({ email: 'jm@example.com', name: 'José María Núñez Peña', firstName: null, lastName: null, quoteDetails: details }).success).toBe(true);
  });

  it.each([
    // Two names for one person: which one would the emails use?
    [{ name: 'Ana Ruiz', firstName: 'José María', lastName: 'Núñez Peña' }, { name: 'quotes.nameMismatch' }],
    [{ name: 'José María Núñez Peña', firstName: 'José María' }, { lastName: 'booking.validation.lastNameRequired' }],
    [{ name: 'José María Núñez Peña', lastName: 'Núñez Peña' }, { firstName: 'booking.validation.firstNameRequired' }],
    [{ name: 'Núñez Peña', firstName: '  ', lastName: 'Núñez Peña' }, { firstName: 'booking.validation.firstNameRequired' }],
    // The booking forms' limits and messages (src/lib/field-limits.ts).
    [{ name: `${'a'.repeat(101)} Peña`, firstName: 'a'.repeat(101), lastName: 'Peña' }, { firstName: 'errors.tooLong.firstName' }],
    [{ name: `José ${'b'.repeat(101)}`, firstName: 'José', lastName: 'b'.repeat(101) }, { lastName: 'errors.tooLong.lastName' }],
  ])('refuses %o with %o', (names, messages) => {
    expect(messagesOf(SendQuoteSchema.safeParse({ email: 'jm@example.com', ...names, quoteDetails: details }))).toEqual(messages);
  });
});

describe('findSecondContactProblems (the calculator form and POST /api/send-quote)', () => {
  const none: never[] = [];
  it.each([
    [{ name: 'Kim Berg', email: '', phone: '905-555-0112' }, none],
    [{ name: 'Kim Berg', email: 'kim@example.ca', phone: '' }, none],
    [{ name: ' K ', email: 'kim@example.ca', phone: '' }, [{ field: 'name', reason: 'nameRequired' }]],
    [{ name: 'Kim', email: ' ', phone: '' }, [{ field: 'email', reason: 'reachRequired' }]],
    [{ name: 'Kim', email: 'not-an-email', phone: '' }, [{ field: 'email', reason: 'emailInvalid' }]],
    // A valid email does not excuse a phone number that cannot be called.
    [{ name: 'Kim', email: 'kim@example.ca', phone: '555-01' }, [{ field: 'phone', reason: 'phoneInvalid' }]],
  ])('%o → %o', (contact, problems) => {
    expect(findSecondContactProblems(contact)).toEqual(problems);
  });

  it('makes the API answer each problem on its field', () => {
    const parsed = SecondContactSchema.safeParse({ name: 'Kim', email: 'kim@example.ca', phone: '555-01' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['phone', 'quotes.secondContactInvalid']]);
  });
});
