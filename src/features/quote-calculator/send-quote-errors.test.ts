import { describe, expect, it } from 'vitest';
import { placeSendQuoteErrors } from './send-quote-errors';

describe('placeSendQuoteErrors', () => {
  it('puts the postal code and address under the calculator fields and the contact fields in the modal', () => {
    expect(placeSendQuoteErrors({
      'quoteDetails.postalCode': "We don't currently service this area.",
      'quoteDetails.address': 'Please provide your address to get a quote by email.',
      email: 'Invalid email address',
      phone: 'Phone number is too long',
      firstName: 'Please keep the first name to 100 characters or fewer.',
    })).toEqual({
      calculator: [
        { name: 'postalCode', message: "We don't currently service this area." },
        { name: 'address', message: 'Please provide your address to get a quote by email.' },
      ],
      dialog: [
        { name: 'email', message: 'Invalid email address' },
        { name: 'phone', message: 'Phone number is too long' },
        { name: 'firstName', message: 'Please keep the first name to 100 characters or fewer.' },
      ],
    });
  });

  it.each([[undefined], [null], ['oops'], [['postalCode']], [{ 'quoteDetails.postalCode': 5 }], [{ 'quoteDetails.postalCode': ' ' }], [{ toString: 'x', constructor: 'y' }]])(
    'ignores what no form can show (%j)',
    (fields) => {
      expect(placeSendQuoteErrors(fields)).toEqual({ calculator: [], dialog: [] });
    },
  );
});
