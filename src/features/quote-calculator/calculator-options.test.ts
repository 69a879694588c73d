import { describe, expect, it } from 'vitest';
import { toFormServiceType } from '@/features/booking/booking.schema';
import { applyPlanSelection, bookingFormPath, describeAppliedCode, readStoredPlan } from './calculator-options';

describe('readStoredPlan', () => {
  it('reads the stored type first, then the plan id (1 onetime, 2 seasonal, 3 tick)', () => {
    expect(readStoredPlan('seasonal', '1')).toBe('seasonal');
    expect(readStoredPlan(null, '2')).toBe('seasonal');
    expect(readStoredPlan(null, '3')).toBe('tick-seasonal');
    expect(readStoredPlan('nonsense', null)).toBeNull();
  });
});

describe('applyPlanSelection', () => {
  const current = { serviceType: 'onetime' as const, includeTick: false };

  it('selects seasonal and keeps the MIDSEASON code from the promo', () => {
    expect(applyPlanSelection(current, { serviceType: 'seasonal', planId: 2, discountCode: 'midseason' }, null))
      .toEqual({ serviceType: 'seasonal', includeTick: false, discountCode: 'MIDSEASON', consult: false });
  });

  it('turns the tick add-on on for a tick event, on the stored plan or one-time', () => {
    expect(applyPlanSelection({ serviceType: 'tick-seasonal', includeTick: false }, { serviceType: 'tick' }, null))
      .toMatchObject({ serviceType: 'onetime', includeTick: true });
    expect(applyPlanSelection(current, { serviceType: 'tick' }, 'seasonal')).toMatchObject({ serviceType: 'seasonal', includeTick: true });
  });

  it('drops the tick add-on when the tick plan itself is chosen', () => {
    expect(applyPlanSelection({ serviceType: 'onetime', includeTick: true }, { serviceType: 'tick-seasonal' }, null))
      .toMatchObject({ serviceType: 'tick-seasonal', includeTick: false });
  });

  it('flags the consultation without changing the plan', () => {
    expect(applyPlanSelection(current, { serviceType: 'consult' }, null)).toEqual({ ...current, discountCode: undefined, consult: true });
  });
});

describe('describeAppliedCode', () => {
  it('says nothing without a code', () => {
    expect(describeAppliedCode(null, [{ code: 'MIDSEASON' }])).toBeNull();
  });

  it('calls the popup code applied only while the branch still offers it', () => {
    expect(describeAppliedCode('MIDSEASON', [{ code: 'MIDSEASON' }])).toEqual({ code: 'MIDSEASON', available: true });
    // Deactivated, expired or used up: the settings carry no such discount, and the price has none.
    expect(describeAppliedCode('MIDSEASON', [])).toEqual({ code: 'MIDSEASON', available: false });
  });
});

describe('bookingFormPath', () => {
  it("opens the booking form on the calculator's plan, which /book reads back (0089)", () => {
    expect(bookingFormPath('fr', 'seasonal')).toBe('/fr/book?serviceType=seasonal');
    expect(bookingFormPath('en', 'onetime')).toBe('/book?serviceType=onetime');
    const read = (path: string) => toFormServiceType(new URL(path, 'http://localhost').searchParams.get('serviceType'));
    expect(read(bookingFormPath('de', 'seasonal'))).toBe('seasonal');
    expect(read(bookingFormPath('es', 'tick-seasonal'))).toBe('tick');
  });

  it('opens it plain for anything that is not a plan', () => {
    expect(bookingFormPath('es', 'consult')).toBe('/es/book');
  });
});
