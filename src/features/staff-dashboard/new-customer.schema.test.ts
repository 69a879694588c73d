import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { LOCALES } from '@/i18n/routing';
import { NewCustomerSchema } from './new-customer.schema';

const valid = {
  firstName: ' Ada ', lastName: 'Moreau', email: ' Ada.Moreau@Example.com ', phone: '905-555-0177',
  address: '45 Wilson St W', city: 'Ancaster', postalCode: 'l9g 1n1', locale: 'fr',
};
const fieldErrors = (input: unknown) => {
  const parsed = NewCustomerSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('NewCustomerSchema (the office\'s New customer form)', () => {
  it('accepts a caller, trimmed, and leaves promotional email off unless the customer said yes', () => {
    expect(NewCustomerSchema.parse(valid)).toEqual({
      firstName: 'Ada', lastName: 'Moreau', email: 'Ada.Moreau@Example.com', phone: '905-555-0177',
      address: '45 Wilson St W', city: 'Ancaster', postalCode: 'l9g 1n1', locale: 'fr', marketingConsent: false,
    });
    expect(NewCustomerSchema.parse({ ...valid, marketingConsent: true }).marketingConsent).toBe(true);
  });

  it('names every missing or wrong field with its own message', () => {
    expect(fieldErrors({ firstName: ' ', lastName: '', email: '', phone: '', address: '12', city: 'A', postalCode: 'L9G', locale: 'it' })).toEqual({
      firstName: 'staffCustomers.errors.firstNameRequired',
      lastName: 'staffCustomers.errors.lastNameRequired',
      email: 'staffCustomers.errors.emailRequired',
      phone: 'staffCustomers.errors.phoneRequired',
      address: 'staffCustomers.errors.addressRequired',
      city: 'staffCustomers.errors.cityRequired',
      postalCode: 'staffCustomers.errors.postalCodeInvalid',
      locale: 'staffCustomers.errors.languageRequired',
    });
    expect(fieldErrors({ ...valid, email: 'ada@', phone: '555-01' })).toEqual({ email: 'staffCustomers.errors.emailInvalid', phone: 'errors.phoneInvalid' });
  });

  it('reads a postal code as typed on the phone (spacing, case, O for 0) and refuses a US ZIP', () => {
    expect(fieldErrors({ ...valid, postalCode: 'LOR 1B0' })).toEqual({});
    expect(fieldErrors({ ...valid, postalCode: '90210' })).toEqual({ postalCode: 'staffCustomers.errors.postalCodeInvalid' });
  });

  it('takes the consent only as a yes or no: a string is refused, not read as consent', () => {
    expect(fieldErrors({ ...valid, marketingConsent: 'yes' })).toEqual({ marketingConsent: 'errors.invalidField' });
  });

  it('keeps the field limits the other customer forms have', () => {
    expect(fieldErrors({ ...valid, lastName: 'x'.repeat(101), address: `${'9'.repeat(300)} St` })).toEqual({
      lastName: 'errors.tooLong.lastName', address: 'errors.tooLong.address',
    });
  });

  it('has every message it names in the four languages', () => {
    const keys = Object.values(fieldErrors({ firstName: '', lastName: '', email: '', phone: '', address: '', city: '', postalCode: '', locale: '' }));
    for (const locale of LOCALES) {
      const t = getTranslator(locale);
      for (const key of [...keys, 'staffCustomers.errors.emailInvalid', 'staffCustomers.errors.emailTaken']) expect(t(key), `${locale} ${key}`).not.toBe(key);
    }
  });
});
