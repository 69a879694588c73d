import { describe, expect, it } from 'vitest';
import { findCheckoutContactProblems, findFirstInvalidCheckoutField, placeCheckoutServerFields } from './checkout-contact.schema';

const valid = { name: 'Casey Direct', email: 'casey@example.com', phone: '905-555-0134', city: 'Hamilton', postalCode: 'L8P 1A1' };

describe('findCheckoutContactProblems', () => {
  it('passes a complete contact', () => {
    expect(findCheckoutContactProblems(valid)).toEqual({});
  });

  it('names each missing field', () => {
    expect(findCheckoutContactProblems({ name: ' ', email: '', phone: '', city: '', postalCode: '' })).toEqual({
      name: 'checkout.new.required', email: 'checkout.new.required', phone: 'checkout.new.required', city: 'checkout.new.required', postalCode: 'checkout.new.required',
    });
  });

  it('gives each over-long field its own limit message, as the server does', () => {
    expect(findCheckoutContactProblems({ ...valid, name: 'a'.repeat(101), city: 'c'.repeat(101), postalCode: 'L8P 1A1 L8P' })).toEqual({
      name: 'errors.tooLong.name', city: 'errors.tooLong.city', postalCode: 'errors.tooLong.postalCode',
    });
  });

  // Before the customer record is made: a malformed code was stored on it, then the booking refused it (0078).
  it('refuses a malformed postal code before anything is sent, and takes a letter O typed for a zero', () => {
    expect(findCheckoutContactProblems({ ...valid, postalCode: 'L3M 4E' })).toEqual({ postalCode: 'checkout.new.invalidPostalCode' });
    expect(findCheckoutContactProblems({ ...valid, postalCode: '90210' })).toEqual({ postalCode: 'checkout.new.invalidPostalCode' });
    expect(findCheckoutContactProblems({ ...valid, postalCode: 'LOR 1B0' })).toEqual({});
  });

  it('refuses a phone made of letters and an invalid email', () => {
    expect(findCheckoutContactProblems({ ...valid, phone: 'abcdefghijk', email: 'casey-at-example' })).toEqual({
      phone: 'errors.phoneInvalid', email: 'checkout.new.invalidEmail',
    });
  });
});

describe('placeCheckoutServerFields', () => {
  it('puts first and last name errors on the full-name field and zipCode on the postal code', () => {
    expect(placeCheckoutServerFields({ lastName: 'Too long', zipCode: 'Bad code', phone: 'Bad phone', notes: 'ignored' })).toEqual({
      name: 'Too long', postalCode: 'Bad code', phone: 'Bad phone',
    });
  });
});

describe('findFirstInvalidCheckoutField', () => {
  it('is the first refused field in the order the page shows them, for focus to go to', () => {
    expect(findFirstInvalidCheckoutField({ date: 'x', postalCode: 'y', phone: 'z' })).toBe('phone');
    expect(findFirstInvalidCheckoutField({ date: 'x' })).toBe('date');
    expect(findFirstInvalidCheckoutField({})).toBeNull();
  });
});
