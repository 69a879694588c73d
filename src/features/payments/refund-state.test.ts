import { describe, expect, it } from 'vitest';
import { describePaymentStatus, describeRefundState } from './refund-state';

describe('describeRefundState', () => {
  it.each([
    [11187, 0, 'paid'],
    [11187, 1, 'partlyRefunded'],
    [11187, 11186, 'partlyRefunded'],
    [11187, 11187, 'refunded'],
  ] as const)('%i charged, %i back → %s', (amount, refunded, state) => {
    expect(describeRefundState(amount, refunded)).toBe(state);
  });
});

describe('describePaymentStatus', () => {
  it.each([
    [{ status: 'succeeded', amountCents: 84750, refundedCents: 0 }, 'succeeded'],
    [{ status: 'succeeded', amountCents: 84750, refundedCents: 84750 }, 'refunded'],
    [{ status: 'succeeded', amountCents: 84750, refundedCents: 16950 }, 'partly-refunded'],
    // Only money received can have been given back; other statuses are the payment's own.
    [{ status: 'failed', amountCents: 84750, refundedCents: 0 }, 'failed'],
    [{ status: 'requires_payment_method', amountCents: 84750, refundedCents: 0 }, 'requires_payment_method'],
  ] as const)('%o → %s', (payment, status) => {
    expect(describePaymentStatus(payment)).toBe(status);
  });
});
