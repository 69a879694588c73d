import { describe, expect, it } from 'vitest';
import { classifyPaymentStatus, describeBookingEnd, describeConfirmation, isTransientStatusError, PROCESSING_POLL_DELAYS_MS } from './payment-outcome';

describe('classifyPaymentStatus', () => {
  it.each([
    ['succeeded', 'succeeded'],
    ['processing', 'processing'],
    ['requires_payment_method', 'failed'],
    ['requires_action', 'failed'],
    ['canceled', 'failed'],
    ['failed', 'failed'],
  ])('%s → %s', (status, outcome) => {
    expect(classifyPaymentStatus(status)).toBe(outcome);
  });
});

describe('a payment for a booking cancelled meanwhile', () => {
  it('is "cancelled" (refunded), never "succeeded"; other statuses are unchanged by the flag', () => {
    expect(classifyPaymentStatus('succeeded', { bookingCancelled: true })).toBe('cancelled');
    expect(classifyPaymentStatus('succeeded', { bookingCancelled: false })).toBe('succeeded');
    expect(classifyPaymentStatus('processing', { bookingCancelled: true })).toBe('processing');
    expect(classifyPaymentStatus('canceled', { bookingCancelled: true })).toBe('failed');
  });

  it('shows the refund on the confirmation page, whatever redirect_status says', () => {
    const check = { kind: 'done' as const, outcome: 'cancelled' as const, polling: false, status: { amount: 11187, refundedCents: 11187 } };
    expect(describeConfirmation(check, 'succeeded')).toEqual({ kind: 'cancelled', end: 'cancelled', refundedCents: 11187 });
    expect(describeConfirmation({ ...check, status: { amount: 11187 } }, null)).toEqual({ kind: 'cancelled', end: 'cancelled', refundedCents: 0 });
  });

  it('carries why the booking will not go ahead to the confirmation page: cancelled, or not kept', () => {
    const check = { kind: 'done' as const, outcome: 'cancelled' as const, polling: false, status: { amount: 11187, refundedCents: 11187, bookingEnd: 'not-kept' as const } };
    expect(describeConfirmation(check, 'succeeded')).toEqual({ kind: 'cancelled', end: 'not-kept', refundedCents: 11187 });
    expect(describeConfirmation({ ...check, status: { ...check.status, bookingEnd: 'cancelled' } }, null)).toEqual({ kind: 'cancelled', end: 'cancelled', refundedCents: 11187 });
  });
});

describe('the words for a paid booking that will not go ahead (0056)', () => {
  it.each([
    ['cancelled', 11187, { title: 'bookingCancelledTitle', body: 'bookingCancelledRefunded' }],
    ['cancelled', 0, { title: 'bookingCancelledTitle', body: 'bookingCancelled' }],
    // Its customer's data deleted before the money arrived: not "cancelled", the booking could not be kept.
    ['not-kept', 11187, { title: 'bookingNotKeptTitle', body: 'bookingNotKeptRefunded' }],
    ['not-kept', 0, { title: 'bookingNotKeptTitle', body: 'bookingNotKept' }],
  ] as const)('%s, %i cents going back', (end, refundedCents, words) => {
    expect(describeBookingEnd(end, refundedCents)).toEqual(words);
  });
});

describe('polling limits', () => {
  it('backs off and stops after a bit over a minute', () => {
    const delays = [...PROCESSING_POLL_DELAYS_MS];
    expect(delays.every((d, i) => i === 0 || d >= delays[i - 1]!)).toBe(true);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(60_000);
    expect(total).toBeLessThanOrEqual(120_000);
  });

  it.each([
    [null, true],
    [500, true],
    [503, true],
    [429, true],
    [404, false],
    [400, false],
  ])('retries a failed status call with HTTP %s: %s', (status, transient) => {
    expect(isTransientStatusError(status)).toBe(transient);
  });
});

describe('describeConfirmation', () => {
  const done = (outcome: 'succeeded' | 'processing' | 'failed', polling = false) => ({ kind: 'done' as const, outcome, polling, status: { amount: 11187 } });

  it('never calls a processing payment failed, whatever redirect_status says', () => {
    expect(describeConfirmation(done('processing', true), 'failed')).toEqual({ kind: 'processing', polling: true, unverified: false });
    expect(describeConfirmation(done('processing', false), null)).toEqual({ kind: 'processing', polling: false, unverified: false });
  });

  it('follows the server, not redirect_status, when the server answered', () => {
    expect(describeConfirmation(done('succeeded'), 'failed')).toEqual({ kind: 'success', amountCents: 11187, tentative: false });
    expect(describeConfirmation(done('failed'), 'succeeded')).toEqual({ kind: 'failed', messageKey: 'issue' });
  });

  it.each([
    ['succeeded', { kind: 'success', amountCents: null, tentative: true }],
    ['processing', { kind: 'processing', polling: false, unverified: true }],
    ['failed', { kind: 'failed', messageKey: 'couldNotVerify' }],
    [null, { kind: 'failed', messageKey: 'couldNotVerify' }],
  ])('without an answer from the server, redirect_status=%s only chooses the wording', (redirectStatus, state) => {
    expect(describeConfirmation({ kind: 'failed' }, redirectStatus)).toEqual(state);
  });

  it('says so when there is no payment in the address', () => {
    expect(describeConfirmation({ kind: 'missing' }, 'succeeded')).toEqual({ kind: 'failed', messageKey: 'noPayment' });
  });

  it('never shows a payment the server says does not exist as confirmed, whatever redirect_status says', () => {
    expect(describeConfirmation({ kind: 'unknown' }, 'succeeded')).toEqual({ kind: 'failed', messageKey: 'noPayment' });
    expect(describeConfirmation({ kind: 'unknown' }, 'processing')).toEqual({ kind: 'failed', messageKey: 'noPayment' });
  });
});
