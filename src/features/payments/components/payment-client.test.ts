import { describe, expect, it } from 'vitest';
import { ApiError, buildReceiptPath, findCheckoutAppointment, findReceipt, isAlreadyPaidError, isBookingCancelledError, rememberCheckoutIntent, rememberReceipt } from './payment-client';
import { useFakeSessionStorage } from './payment-test-helpers';

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

describe('isBookingCancelledError', () => {
  it.each([
    ['the cancelled booking\'s 410', new ApiError(410, 'This booking was cancelled. Please book again.', { code: 'gone', reason: 'booking_cancelled' }), true],
    ['a released hold', new ApiError(410, 'Your hold was released', { code: 'gone' }), false],
    ['the already-paid 409', new ApiError(409, 'This booking has already been paid.', { code: 'conflict', reason: 'already_paid' }), false],
    ['a network error', new Error('offline'), false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isBookingCancelledError(error)).toBe(expected);
  });
});

describe('rememberReceipt / findReceipt (session storage)', () => {
  useFakeSessionStorage();

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

describe('buildReceiptPath', () => {
  it('is /payment-success with the intent, the amount in dollars to the cent, the plan and the booking', () => {
    expect(buildReceiptPath('en', { paymentIntentId: 'pi_test_abc', amountCents: 32318, serviceType: 'seasonal', appointmentId: 42 }))
      .toBe('/payment-success?payment_intent=pi_test_abc&amount=323.18&type=seasonal&appointment_id=42');
    expect(buildReceiptPath('fr', { paymentIntentId: 'pi_test_abc', amountCents: 11100, serviceType: 'onetime', appointmentId: '7' }))
      .toBe('/fr/payment-success?payment_intent=pi_test_abc&amount=111.00&type=onetime&appointment_id=7');
  });

  it('leaves out an unknown booking and plan', () => {
    expect(buildReceiptPath('de', { paymentIntentId: 'pi_test_abc', amountCents: 5, serviceType: null }))
      .toBe('/de/payment-success?payment_intent=pi_test_abc&amount=0.05&type=');
  });
});

describe('rememberCheckoutIntent / findCheckoutAppointment (session storage)', () => {
  useFakeSessionStorage();

  it('finds the booking a checkout in this tab paid with an intent', () => {
    rememberCheckoutIntent('pi_test_abc', 42);
    rememberCheckoutIntent('pi_test_def', '7');
    expect(findCheckoutAppointment('pi_test_abc')).toBe('42');
    expect(findCheckoutAppointment('pi_test_def')).toBe('7');
    expect(findCheckoutAppointment('pi_test_other')).toBeNull();
    expect(findCheckoutAppointment(null)).toBeNull();
  });

  it('treats broken or tampered storage as nothing remembered', () => {
    window.sessionStorage.setItem('checkoutIntents', JSON.stringify({ pi_test_abc: '../admin' }));
    expect(findCheckoutAppointment('pi_test_abc')).toBeNull();
    window.sessionStorage.setItem('checkoutIntents', '{not json');
    expect(findCheckoutAppointment('pi_test_abc')).toBeNull();
  });
});
