import { describe, expect, it } from 'vitest';
import { type CheckoutNewOrder, describeCheckoutNewOrder, findCheckoutNewBooking, forgetCheckoutNewBooking, rememberCheckoutNewBooking } from './checkout-new-session';
import { useFakeSessionStorage } from './payment-test-helpers';

const order: CheckoutNewOrder = {
  serviceType: 'seasonal', propertySize: 0.5, includeTick: true, includeStandingWater: false, address: '12 King St W', extras: ['breeding-site-inspection'], discountCode: 'midseason', quoteId: 9,
};
const booking = {
  appointmentId: 42, bookingRef: 'BK-7H3K9QZ2', date: '2027-05-14',
  contact: { name: 'Casey Direct', email: 'casey@example.com', phone: '905-555-0177', city: 'Hamilton', postalCode: 'L8P 1A1' },
};

describe('describeCheckoutNewOrder', () => {
  it('gives the same order the same key, however its address, code and extras are written', () => {
    expect(describeCheckoutNewOrder({ ...order, address: ' 12 KING ST W ', discountCode: 'MIDSEASON ', extras: ['breeding-site-inspection'] }))
      .toBe(describeCheckoutNewOrder(order));
  });

  it.each([
    ['another plan', { serviceType: 'onetime' }],
    ['another size', { propertySize: 0.75 }],
    ['the tick add-on', { includeTick: false }],
    ['the standing-water add-on', { includeStandingWater: true }],
    ['another address', { address: '14 King St W' }],
    ['other extras', { extras: [] }],
    ['no code', { discountCode: null }],
    ['another quote', { quoteId: 10 }],
  ])('tells a different order apart (%s)', (_label, change) => {
    expect(describeCheckoutNewOrder({ ...order, ...change })).not.toBe(describeCheckoutNewOrder(order));
  });
});

describe('remember / find / forget the booking /checkout-new made (session storage)', () => {
  useFakeSessionStorage();

  it('finds the booking for the same order, and none for another order', () => {
    expect(findCheckoutNewBooking(order)).toBeNull();
    rememberCheckoutNewBooking(order, booking);
    expect(findCheckoutNewBooking({ ...order, address: '12 king st w' })).toEqual(booking);
    expect(findCheckoutNewBooking({ ...order, propertySize: 1 })).toBeNull();
    forgetCheckoutNewBooking(order);
    expect(findCheckoutNewBooking(order)).toBeNull();
  });

  it('keeps two orders apart', () => {
    const other = { ...order, serviceType: 'onetime' };
    rememberCheckoutNewBooking(order, booking);
    rememberCheckoutNewBooking(other, { ...booking, appointmentId: 43 });
    expect(findCheckoutNewBooking(order)?.appointmentId).toBe(42);
    expect(findCheckoutNewBooking(other)?.appointmentId).toBe(43);
  });

  it('treats broken or tampered storage as nothing remembered', () => {
    const key = describeCheckoutNewOrder(order);
    const { bookingRef: _withoutRef, ...older } = booking;
    for (const entry of [{ ...booking, appointmentId: '42' }, { ...booking, appointmentId: -1 }, { ...booking, contact: { name: 'x' } }, { ...booking, date: 5 }, older, { ...booking, bookingRef: 7 }]) {
      window.sessionStorage.setItem('checkoutNewBookings', JSON.stringify({ [key]: entry }));
      expect(findCheckoutNewBooking(order)).toBeNull();
    }
    window.sessionStorage.setItem('checkoutNewBookings', '{not json');
    expect(findCheckoutNewBooking(order)).toBeNull();
  });
});
