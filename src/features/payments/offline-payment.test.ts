import { describe, expect, it } from 'vitest';
import { findReceivedInstant, HandBackSchema, OfflinePaymentSchema, parseTypedAmount, paymentMethodKey, refundMethodKey } from './offline-payment';

const TZ = 'America/Toronto';

describe('findReceivedInstant', () => {
  const now = new Date('2026-11-26T04:30:00Z'); // 23:30 on Wednesday 25 November in Hamilton

  it('dates money received today (branch time) now, even when it is already tomorrow in UTC', () => {
    expect(findReceivedInstant('2026-11-25', '2026-11-25', now, TZ)).toEqual(now);
  });

  it('dates an earlier day at noon in the branch, so every export puts it on that day', () => {
    expect(findReceivedInstant('2026-11-20', '2026-11-25', now, TZ)).toEqual(new Date('2026-11-20T17:00:00Z'));
    // Summer time: noon EDT is 16:00 UTC.
    expect(findReceivedInstant('2026-07-17', '2026-11-25', now, TZ)).toEqual(new Date('2026-07-17T16:00:00Z'));
  });

  it('refuses a day after today', () => {
    expect(findReceivedInstant('2026-11-26', '2026-11-25', now, TZ)).toBeNull();
  });
});

describe('parseTypedAmount', () => {
  it.each([['847.50', 84750], ['847,5', 84750], ['847', 84700], [' 111.87 ', 11187], ['0.07', 7], ['111,87', 11187]])('%s is %i cents', (typed, cents) => {
    expect(parseTypedAmount(typed)).toBe(cents);
  });
});

describe('OfflinePaymentSchema', () => {
  const valid = { method: 'cheque', receivedOn: '2026-11-25', reference: ' 000412 ', amount: '111.87' };
  it('takes a method, a day, a trimmed reference and an amount in dollars and cents', () => {
    expect(OfflinePaymentSchema.parse(valid)).toEqual({ ...valid, reference: '000412' });
    expect(OfflinePaymentSchema.parse({ ...valid, reference: undefined }).reference).toBeUndefined();
  });

  it.each([
    [{ method: 'bitcoin' }, 'offlinePayments.errors.methodRequired'],
    [{ receivedOn: '25/11/2026' }, 'offlinePayments.errors.dateRequired'],
    [{ amount: '111.875' }, 'offlinePayments.errors.amountInvalid'],
    [{ amount: '-111.87' }, 'offlinePayments.errors.amountInvalid'],
    [{ amount: '$111.87' }, 'offlinePayments.errors.amountInvalid'],
    [{ reference: 'x'.repeat(61) }, 'offlinePayments.errors.referenceTooLong'],
  ])('refuses %o with its message', (change, message) => {
    const result = OfflinePaymentSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it('HandBackSchema asks how and when, not how much', () => {
    expect(HandBackSchema.parse({ method: 'cash', handedBackOn: '2026-11-25' })).toEqual({ method: 'cash', handedBackOn: '2026-11-25' });
    expect(HandBackSchema.safeParse({ method: 'card', handedBackOn: '2026-11-25' }).success).toBe(false);
  });
});

describe('paymentMethodKey and refundMethodKey', () => {
  it('names the office\'s method, and a card for anything the gateway took or gave back', () => {
    expect(paymentMethodKey({ provider: 'office', paymentMethod: 'e-transfer' })).toBe('e-transfer');
    expect(paymentMethodKey({ provider: 'test', paymentMethod: 'card_4242' })).toBe('card');
    expect(paymentMethodKey({ provider: 'stripe', paymentMethod: 'cash' })).toBe('card');
    expect(refundMethodKey({ method: 'cheque' })).toBe('cheque');
    expect(refundMethodKey({ method: null })).toBe('card');
  });
});
