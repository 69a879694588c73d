import { describe, expect, it } from 'vitest';
import { resolveCheckoutInputs } from './checkout-inputs';

const stored = {
  appointmentId: 11, customerId: 5, bookingRef: 'BK-OLD', serviceType: 'onetime', propertySize: 0.25,
  includeTick: false, includeTargetedInsects: false, totalPrice: 99, firstName: 'Avery', lastName: 'Stone', email: 'a@example.com',
};

describe('resolveCheckoutInputs', () => {
  it('uses the stored checkout data of the booking being paid', () => {
    const inputs = resolveCheckoutInputs(undefined, { appointmentId: '11' }, stored);
    expect(inputs).toMatchObject({ appointmentId: 11, bookingRef: 'BK-OLD', serviceType: 'onetime', confirmedAmount: 99, billing: { name: 'Avery Stone' } });
    expect(resolveCheckoutInputs(undefined, {}, stored)).toMatchObject({ appointmentId: 11, confirmedAmount: 99 });
  });

  it('ignores data another booking left in the tab when the address names a different appointment', () => {
    for (const [path, query] of [['42', {}], [undefined, { appointmentId: '42' }]] as const) {
      const inputs = resolveCheckoutInputs(path, query, stored);
      expect(inputs.appointmentId).toBe(42);
      // No stale total (a false "price changed"), reference, plan or contact from the other booking.
      expect(inputs).toMatchObject({ bookingRef: undefined, confirmedAmount: undefined, serviceType: undefined, customerId: undefined, quoteId: undefined });
      expect(inputs.billing).toEqual({ name: undefined, email: undefined, phone: undefined, postalCode: undefined });
    }
  });

  it('keeps stored details without an appointment id (the alternate order flow) and lets the query win', () => {
    const legacy = { customerId: 7, serviceType: 'seasonal', includeTick: true };
    expect(resolveCheckoutInputs(undefined, { appointmentId: '42', serviceType: 'onetime', quoteTotal: '111.87' }, legacy))
      .toMatchObject({ appointmentId: 42, customerId: 7, serviceType: 'onetime', includeTick: true, quoteTotal: 111.87 });
  });
});

describe('resolveCheckoutInputs: the booking reference', () => {
  it('is sent only when it is known to belong to the appointment being paid', () => {
    expect(resolveCheckoutInputs(undefined, { appointmentId: '42' }, { bookingRef: 'BK-X' }).bookingRef).toBeUndefined();
    expect(resolveCheckoutInputs(undefined, {}, { bookingRef: 'BK-X' }).bookingRef).toBe('BK-X');
  });

  it('comes from the address, so a copied link or a new tab pays without session storage', () => {
    expect(resolveCheckoutInputs(undefined, { appointmentId: '42', ref: 'BK-NEW' }, null)).toMatchObject({ appointmentId: 42, bookingRef: 'BK-NEW' });
    expect(resolveCheckoutInputs('42', { ref: ' BK-NEW ' }, null)).toMatchObject({ appointmentId: 42, bookingRef: 'BK-NEW' });
    // The reference alone is enough to name the booking.
    expect(resolveCheckoutInputs(undefined, { ref: 'BK-NEW' }, null)).toMatchObject({ appointmentId: undefined, bookingRef: 'BK-NEW' });
  });

  it('wins over stored data of another booking, which then does not apply at all', () => {
    const inputs = resolveCheckoutInputs(undefined, { ref: 'BK-NEW' }, stored);
    expect(inputs).toMatchObject({ bookingRef: 'BK-NEW', appointmentId: undefined, confirmedAmount: undefined, serviceType: undefined });
    // The same booking's stored data still fills in the details (any case of the reference).
    expect(resolveCheckoutInputs(undefined, { appointmentId: '11', ref: 'bk-old' }, stored)).toMatchObject({ bookingRef: 'bk-old', confirmedAmount: 99, serviceType: 'onetime' });
  });

  it('leaves the quote id out once the reference names the booking', () => {
    expect(resolveCheckoutInputs(undefined, { appointmentId: '11', ref: 'BK-OLD' }, { ...stored, quoteId: 3 }).quoteId).toBeUndefined();
  });
});
