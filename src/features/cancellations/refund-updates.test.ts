import { describe, expect, it } from 'vitest';
import { decideRefundUpdate, isRefundOfCurrentAttempt } from './refund-updates';

describe('decideRefundUpdate', () => {
  it('moves a pending refund to the final state the provider reports', () => {
    expect(decideRefundUpdate({ status: 'pending' }, { status: 'succeeded', failureReason: null })).toEqual({ kind: 'succeeded' });
    expect(decideRefundUpdate({ status: 'pending' }, { status: 'failed', failureReason: 'expired_or_canceled_card' })).toEqual({ kind: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(decideRefundUpdate({ status: 'pending' }, { status: 'failed', failureReason: null })).toEqual({ kind: 'failed', failureReason: 'unknown' });
  });

  it('changes nothing while the provider still reports pending', () => {
    expect(decideRefundUpdate({ status: 'pending' }, { status: 'pending', failureReason: null })).toEqual({ kind: 'none', why: 'still-pending' });
  });

  it('never moves a final row: repeated, late or contradicting reports are no-ops', () => {
    expect(decideRefundUpdate({ status: 'succeeded' }, { status: 'succeeded', failureReason: null })).toEqual({ kind: 'none', why: 'already-final' });
    expect(decideRefundUpdate({ status: 'succeeded' }, { status: 'pending', failureReason: null })).toEqual({ kind: 'none', why: 'already-final' });
    expect(decideRefundUpdate({ status: 'succeeded' }, { status: 'failed', failureReason: 'lost_or_stolen_card' })).toEqual({ kind: 'none', why: 'reversed-after-success' });
    expect(decideRefundUpdate({ status: 'failed' }, { status: 'failed', failureReason: 'x' })).toEqual({ kind: 'none', why: 'already-final' });
    expect(decideRefundUpdate({ status: 'failed' }, { status: 'succeeded', failureReason: null })).toEqual({ kind: 'none', why: 'already-final' });
  });
});

describe('isRefundOfCurrentAttempt', () => {
  const row = { provider: 'stripe', providerRefundId: null, attempts: 1, amountCents: 8927, paymentIntentId: 'pi_1' };
  const update = { provider: 'stripe', attempt: 1, amountCents: 8927, paymentIntentId: 'pi_1' };

  it('accepts the refund of the row\'s current attempt whose id is not recorded yet', () => {
    expect(isRefundOfCurrentAttempt(row, update)).toBe(true);
    expect(isRefundOfCurrentAttempt(row, { ...update, paymentIntentId: null })).toBe(true);
  });

  it('refuses an earlier attempt, a row that has its id, another amount, intent or provider', () => {
    expect(isRefundOfCurrentAttempt(row, { ...update, attempt: 0 })).toBe(false);
    expect(isRefundOfCurrentAttempt({ ...row, providerRefundId: 're_2' }, update)).toBe(false);
    expect(isRefundOfCurrentAttempt(row, { ...update, amountCents: 100 })).toBe(false);
    expect(isRefundOfCurrentAttempt(row, { ...update, paymentIntentId: 'pi_2' })).toBe(false);
    expect(isRefundOfCurrentAttempt(row, { ...update, provider: 'test' })).toBe(false);
  });
});
