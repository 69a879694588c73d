import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, findReceipt, isAlreadyPaidError, rememberReceipt } from './payment-client';

describe('isAlreadyPaidError', () => {
  it.each([
    ['the already-paid 409', new ApiError(409, 'This booking has already been paid.', { code: 'conflict', reason: 'already_paid' }), true],
    ['a price change', new ApiError(409, 'The price has changed', { code: 'price_changed', currentTotalCents: 100 }), false],
    ['another conflict', new ApiError(409, 'Conflict', { code: 'conflict' }), false],
    ['a server error', new ApiError(500, 'Boom', { reason: 'already_paid' }), false],
    ['a network error', new Error('offline'), false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isAlreadyPaidError(error)).toBe(expected);
  });
});

describe('rememberReceipt / findReceipt (session storage)', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('finds the confirmation page remembered for a booking, by number or string id', () => {
    rememberReceipt('42', '/payment-success?payment_intent=pi_test_abc&appointment_id=42');
    rememberReceipt(7, '/fr/payment-success?payment_intent=pi_test_def&appointment_id=7');
    expect(findReceipt(42)).toBe('/payment-success?payment_intent=pi_test_abc&appointment_id=42');
    expect(findReceipt('7')).toBe('/fr/payment-success?payment_intent=pi_test_def&appointment_id=7');
    expect(findReceipt(8)).toBeNull();
    expect(findReceipt(undefined)).toBeNull();
  });

  it('never keeps or offers a link off the site', () => {
    rememberReceipt(1, 'https://evil.example/x');
    rememberReceipt(2, '//evil.example/x');
    expect(findReceipt(1)).toBeNull();
    expect(findReceipt(2)).toBeNull();
    window.sessionStorage.setItem('paidReceipts', JSON.stringify({ 3: 'javascript:alert(1)' }));
    expect(findReceipt(3)).toBeNull();
  });

  it('treats broken storage as nothing remembered', () => {
    window.sessionStorage.setItem('paidReceipts', '{not json');
    expect(findReceipt(1)).toBeNull();
    rememberReceipt(1, '/payment-success?payment_intent=pi_test_x');
    expect(findReceipt(1)).toBeNull();
  });
});
