import { describe, expect, it } from 'vitest';
import { buildErasedCustomerFields, findErasureRefusals, isErasedCustomerEmail } from './erasure-rules';

describe('an erasure request is refused while business is open', () => {
  const none = { openVisits: 0, paymentsInFlight: 0, refundsOpen: 0, openRetreatments: 0 };
  it.each([
    [none, []],
    [{ ...none, openVisits: 2 }, ['privacy.refusals.openVisits']],
    [{ ...none, paymentsInFlight: 1 }, ['privacy.refusals.paymentsInFlight']],
    [{ ...none, refundsOpen: 1 }, ['privacy.refusals.refundsOpen']],
    [{ ...none, openRetreatments: 1 }, ['privacy.refusals.openRetreatments']],
    [{ openVisits: 1, paymentsInFlight: 1, refundsOpen: 1, openRetreatments: 1 }, [
      'privacy.refusals.openVisits', 'privacy.refusals.paymentsInFlight', 'privacy.refusals.refundsOpen', 'privacy.refusals.openRetreatments',
    ]],
  ])('%o refuses with %o', (open, refusals) => {
    expect(findErasureRefusals(open)).toEqual(refusals);
  });
});

describe('an erased customer row', () => {
  it('keeps only its number as a name and an address that can never receive mail or match a booking', () => {
    expect(buildErasedCustomerFields(42)).toEqual({ firstName: '#42', lastName: '', email: 'erased-42@erased.invalid', phone: '' });
  });
});

describe('an erased customer\'s placeholder address', () => {
  it.each([
    ['erased-42@erased.invalid', true],
    ['  Erased-42@ERASED.invalid ', true],
    ['someone@erased.invalid', true],
    ['erased-42@erased.invalid.example.com', false],
    ['olivia@example.com', false],
    ['olivia@noterased.invalid', false],
  ])('%s is one: %s', (email, expected) => {
    expect(isErasedCustomerEmail(email)).toBe(expected);
  });
});
