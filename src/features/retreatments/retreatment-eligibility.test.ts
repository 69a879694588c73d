import { describe, expect, it } from 'vitest';
import { RETREATMENT_REASONS as STORED_REASONS } from '@/db/schema/retreatments';
import { decideRetreatment, type EligibilityRequest, type EligibilityVisit, findGuaranteedPlan, ONE_TIME_CLAIM_DAYS, PROTECTION_DAYS, RETREATMENT_REASONS } from './retreatment-eligibility';

const TZ = 'America/Toronto';
/** Noon in Toronto on `date` (EDT in summer). */
const at = (date: string, time = '12:00') => new Date(`${date}T${time}:00-04:00`);
const visit = (date: string, status: string, over: Partial<EligibilityVisit> = {}): EligibilityVisit => ({ serviceType: 'onetime', kind: 'scheduled', status, date, ...over });
const decide = (visits: EligibilityVisit[], now: Date, requests: EligibilityRequest[] = []) => decideRetreatment({ visits, requests, now, timezone: TZ });

/** A seasonal plan booked from Friday 2027-05-14: five visits 21 days apart, the last on 2027-08-06. */
const seasonal = (done: number, over: Partial<EligibilityVisit> = {}) =>
  ['2027-05-14', '2027-06-04', '2027-06-25', '2027-07-16', '2027-08-06'].map((date, i) =>
    visit(date, i < done ? 'completed' : 'confirmed', { serviceType: 'seasonal', visitNumber: i + 1, ...over }));

describe('decideRetreatment: one-time treatment', () => {
  const done = [visit('2027-06-04', 'completed')];

  it('offers a re-treatment for pests coming back, not rain, from the day the visit was done until 7 days after its Friday, as the terms say', () => {
    expect(ONE_TIME_CLAIM_DAYS).toBe(7);
    expect(decide(done, at('2027-06-04', '15:00'))).toEqual({ kind: 'eligible', plan: 'onetime', reasons: ['pests-back'], until: '2027-06-11' });
    // The last day counts whole, in Toronto: 23:59 on June 11 is still in, 00:00 on June 12 is out.
    expect(decide(done, at('2027-06-11', '23:59')).kind).toBe('eligible');
    expect(decide(done, new Date('2027-06-12T03:59:00Z')).kind).toBe('eligible');
    expect(decide(done, new Date('2027-06-12T04:00:00Z'))).toEqual({ kind: 'not-eligible', why: 'window-over', until: '2027-06-11' });
  });

  it('shows nothing before the treatment is done, or for a consultation', () => {
    expect(decide([visit('2027-06-04', 'confirmed')], at('2027-06-01'))).toEqual({ kind: 'none' });
    expect(decide([visit('2027-06-04', 'completed', { serviceType: 'consult' })], at('2027-06-05'))).toEqual({ kind: 'none' });
    expect(decide([], at('2027-06-05'))).toEqual({ kind: 'none' });
  });

  it('counts from the treatment and its standing-water visit, the later Friday done', () => {
    const visits = [visit('2027-06-04', 'completed', { visitNumber: 1 }), visit('2027-06-11', 'completed', { serviceType: 'standingwater', visitNumber: 2 })];
    expect(decide(visits, at('2027-06-18'))).toMatchObject({ kind: 'eligible', until: '2027-06-18' });
  });

  it('returns once: a re-treatment booked shows as booked, then done uses the guarantee (it starts no new window)', () => {
    const booked = [...done, visit('2027-06-11', 'confirmed', { kind: 'retreatment', visitNumber: 2 })];
    expect(decide(booked, at('2027-06-08'))).toEqual({ kind: 'not-eligible', why: 'booked', until: null });
    const retreated = [...done, visit('2027-06-11', 'completed', { kind: 'retreatment', visitNumber: 2 })];
    expect(decide(retreated, at('2027-06-11', '15:00'))).toEqual({ kind: 'not-eligible', why: 'used', until: '2027-06-11' });
  });

  it('offers it again after the office declined a request, within the window', () => {
    expect(decide(done, at('2027-06-09'), [{ id: 1, status: 'declined', createdAt: at('2027-06-06') }]).kind).toBe('eligible');
  });

  it('offers it again after the customer withdrew a request, within the window only (0051)', () => {
    const withdrawn = [{ id: 1, status: 'withdrawn', createdAt: at('2027-06-06') }];
    expect(decide(done, at('2027-06-09'), withdrawn)).toEqual({ kind: 'eligible', plan: 'onetime', reasons: ['pests-back'], until: '2027-06-11' });
    expect(decide(done, at('2027-06-12'), withdrawn)).toMatchObject({ kind: 'not-eligible', why: 'window-over' });
    // Withdrawn, then asked again: the new request is the one with the office.
    expect(decide(done, at('2027-06-09'), [...withdrawn, { id: 2, status: 'open', createdAt: at('2027-06-08') }]))
      .toEqual({ kind: 'requested', requestId: 2, requestedAt: at('2027-06-08') });
  });
});

describe('decideRetreatment: seasonal plans', () => {
  it('offers both reasons from the first visit done until 21 days after the plan\'s last Friday', () => {
    expect(PROTECTION_DAYS).toBe(21);
    expect(decide(seasonal(0), at('2027-05-13'))).toEqual({ kind: 'none' });
    expect(decide(seasonal(1), at('2027-05-20'))).toEqual({ kind: 'eligible', plan: 'seasonal', reasons: ['pests-back', 'heavy-rain'], until: '2027-08-27' });
    expect(decide(seasonal(5), at('2027-08-27')).kind).toBe('eligible');
    expect(decide(seasonal(5), at('2027-08-28'))).toEqual({ kind: 'not-eligible', why: 'window-over', until: '2027-08-27' });
  });

  it('follows a moved last visit, and a tick plan the same way', () => {
    const moved = seasonal(2);
    moved[4] = { ...moved[4]!, date: '2027-08-20' };
    expect(decide(moved, at('2027-09-09'))).toMatchObject({ kind: 'eligible', until: '2027-09-10' });
    const tick = ['2027-05-14', '2027-06-04', '2027-06-25'].map((date, i) => visit(date, i === 0 ? 'completed' : 'confirmed', { serviceType: 'tick-seasonal', visitNumber: i + 1 }));
    expect(decide(tick, at('2027-07-10'))).toEqual({ kind: 'eligible', plan: 'tick-seasonal', reasons: ['pests-back', 'heavy-rain'], until: '2027-07-16' });
  });

  it('allows any number of re-treatments, one at a time', () => {
    const visits = [...seasonal(2), visit('2027-06-11', 'completed', { serviceType: 'seasonal', kind: 'retreatment', visitNumber: 6 })];
    expect(decide(visits, at('2027-06-15')).kind).toBe('eligible');
    expect(decide(visits, at('2027-06-15'), [{ id: 7, status: 'open', createdAt: at('2027-06-14') }])).toEqual({ kind: 'requested', requestId: 7, requestedAt: at('2027-06-14') });
    const booked = [...visits, visit('2027-06-18', 'confirmed', { serviceType: 'seasonal', kind: 'retreatment', visitNumber: 7 })];
    expect(decide(booked, at('2027-06-15')).kind).toBe('not-eligible');
  });

  it('a re-treatment does not push the window past the plan', () => {
    const visits = [...seasonal(5), visit('2027-08-20', 'completed', { serviceType: 'seasonal', kind: 'retreatment', visitNumber: 6 })];
    expect(decide(visits, at('2027-08-28'))).toMatchObject({ kind: 'not-eligible', why: 'window-over', until: '2027-08-27' });
  });

  it('has no guarantee left once the booking is cancelled', () => {
    const cancelled = seasonal(2).map((v) => (v.status === 'confirmed' ? { ...v, status: 'cancelled' } : v));
    expect(decide(cancelled, at('2027-06-28'))).toEqual({ kind: 'not-eligible', why: 'cancelled', until: null });
  });
});

describe('the guaranteed plan and the reasons', () => {
  it('is the first paid visit\'s plan, never a re-treatment\'s or an add-on\'s', () => {
    expect(findGuaranteedPlan([visit('2027-06-04', 'completed', { serviceType: 'standingwater', visitNumber: 2 }), visit('2027-06-04', 'completed', { visitNumber: 1 })])).toBe('onetime');
    expect(findGuaranteedPlan([visit('2027-06-04', 'completed', { serviceType: 'seasonal', kind: 'retreatment' })])).toBeNull();
  });

  it('lists the reasons the table allows', () => {
    expect([...RETREATMENT_REASONS]).toEqual([...STORED_REASONS]);
  });
});
