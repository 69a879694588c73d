import { describe, expect, it } from 'vitest';
import { parseRefundOrigin } from './payment-gateway';
import { toGatewayRefundUpdate } from './stripe-gateway';

const refund = { id: 're_1', status: 'pending', amount: 8927, failure_reason: undefined, payment_intent: 'pi_1', metadata: { bookingRef: 'BK-1', refundId: '12', attempt: '0' } };

describe('toGatewayRefundUpdate (a Stripe refund event\'s object)', () => {
  it('keeps id, amount, intent and our row\'s origin; pending and requires_action stay pending', () => {
    expect(toGatewayRefundUpdate(refund)).toEqual({ id: 're_1', status: 'pending', amountCents: 8927, failureReason: null, paymentIntentId: 'pi_1', origin: { refundId: 12, attempt: 0 } });
    expect(toGatewayRefundUpdate({ ...refund, status: 'requires_action' }).status).toBe('pending');
  });

  it('maps succeeded, failed with Stripe\'s reason, and canceled as failed', () => {
    expect(toGatewayRefundUpdate({ ...refund, status: 'succeeded' })).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(toGatewayRefundUpdate({ ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' })).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card' });
    expect(toGatewayRefundUpdate({ ...refund, status: 'failed' })).toMatchObject({ status: 'failed', failureReason: 'unknown' });
    expect(toGatewayRefundUpdate({ ...refund, status: 'canceled' })).toMatchObject({ status: 'failed', failureReason: 'canceled' });
  });

  it('reads an expanded intent\'s id, and no intent or metadata as null', () => {
    const expanded = { ...refund, payment_intent: { id: 'pi_2' } } as unknown as Parameters<typeof toGatewayRefundUpdate>[0];
    expect(toGatewayRefundUpdate(expanded).paymentIntentId).toBe('pi_2');
    expect(toGatewayRefundUpdate({ ...refund, payment_intent: null, metadata: null })).toMatchObject({ paymentIntentId: null, origin: null });
  });
});

describe('parseRefundOrigin', () => {
  it('accepts only our own well-formed metadata', () => {
    expect(parseRefundOrigin({ refundId: '7', attempt: '2' })).toEqual({ refundId: 7, attempt: 2 });
    expect(parseRefundOrigin({ refundId: '7' })).toBeNull();
    expect(parseRefundOrigin({ refundId: '0', attempt: '0' })).toBeNull();
    expect(parseRefundOrigin({ refundId: '7x', attempt: '0' })).toBeNull();
    expect(parseRefundOrigin({ refundId: '99999999999', attempt: '0' })).toBeNull();
    expect(parseRefundOrigin({ refundId: '7', attempt: '-1' })).toBeNull();
    expect(parseRefundOrigin(null)).toBeNull();
  });
});
