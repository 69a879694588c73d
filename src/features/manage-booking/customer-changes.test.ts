import { describe, expect, it } from 'vitest';
import { decideBookingCancel, decideVisitChange, keepDatesBeforeCutoff, offersOnlineChange } from './customer-changes';

const TORONTO = 'America/Toronto';
// Friday 2027-06-11 (EDT): its cut-off is Wednesday 2027-06-09 at 8:00 AM, 12:00Z.
const before = new Date('2027-06-09T11:59:00Z');
const after = new Date('2027-06-09T12:00:00Z');
const visit = (id: number, date: string, status: string) => ({ id, date, status });

describe('moving a visit online', () => {
  it('is open for a confirmed visit until its cut-off, then a phone call', () => {
    expect(decideVisitChange(visit(1, '2027-06-11', 'confirmed'), before, TORONTO)).toEqual({ kind: 'move', cutoffAt: new Date('2027-06-09T12:00:00Z') });
    expect(decideVisitChange(visit(1, '2027-06-11', 'confirmed'), after, TORONTO)).toEqual({ kind: 'call', reason: 'cutoff' });
  });

  it.each(['completed', 'cancelled', 'pending-payment', 'pending', 'expired'])('is not offered for a %s visit', (status) => {
    expect(decideVisitChange(visit(1, '2027-06-11', status), before, TORONTO)).toEqual({ kind: 'none' });
  });

  it('offers only Fridays whose own cut-off is still ahead', () => {
    expect(keepDatesBeforeCutoff(['2027-06-11', '2027-06-18'], after, TORONTO)).toEqual(['2027-06-18']);
    expect(keepDatesBeforeCutoff(['2027-06-11', '2027-06-18'], before, TORONTO)).toEqual(['2027-06-11', '2027-06-18']);
  });
});

describe('cancelling a booking online', () => {
  const plan = [visit(1, '2027-06-11', 'confirmed'), visit(2, '2027-07-02', 'confirmed'), visit(3, '2027-07-23', 'confirmed')];

  it('is open for a paid booking until the first visit\'s cut-off', () => {
    expect(decideBookingCancel(plan, 32318, before, TORONTO)).toEqual({ kind: 'cancel', cutoffAt: new Date('2027-06-09T12:00:00Z') });
    expect(decideBookingCancel(plan, 32318, after, TORONTO)).toEqual({ kind: 'call', reason: 'cutoff' });
  });

  it('counts from the first visit still to come, not from one already cancelled', () => {
    const moved = [visit(1, '2027-06-04', 'cancelled'), ...plan];
    expect(decideBookingCancel(moved, 32318, new Date('2027-06-03T12:00:00Z'), TORONTO).kind).toBe('cancel');
  });

  it('stays open once a visit has been carried out, until the cut-off of the next one still to come (0108)', () => {
    const started = [visit(1, '2027-06-11', 'completed'), visit(2, '2027-07-02', 'confirmed')];
    // Friday 2027-07-02's cut-off is Wednesday 2027-06-30 at 8:00 AM EDT.
    expect(decideBookingCancel(started, 32318, new Date('2027-06-20T12:00:00Z'), TORONTO)).toEqual({ kind: 'cancel', cutoffAt: new Date('2027-06-30T12:00:00Z') });
    expect(decideBookingCancel(started, 32318, new Date('2027-06-30T12:00:00Z'), TORONTO)).toEqual({ kind: 'call', reason: 'cutoff' });
  });

  it('is the office\'s for an unpaid booking, and offers nothing once all is cancelled or done', () => {
    expect(decideBookingCancel([visit(1, '2027-06-11', 'pending-payment')], 0, before, TORONTO)).toEqual({ kind: 'call', reason: 'unpaid' });
    expect(decideBookingCancel([visit(1, '2027-06-11', 'cancelled')], 11187, before, TORONTO)).toEqual({ kind: 'none' });
    expect(decideBookingCancel([visit(1, '2027-06-11', 'completed')], 11187, before, TORONTO)).toEqual({ kind: 'none' });
  });
});

describe('the greeting that tells how to change online', () => {
  const timezone = TORONTO;
  const plan = [visit(1, '2027-06-11', 'confirmed'), visit(2, '2027-07-02', 'confirmed')];
  const page = (visits: ReturnType<typeof visit>[], paidCents: number, now: Date) => ({
    visits: visits.map((v) => ({ change: decideVisitChange(v, now, timezone) })),
    cancel: decideBookingCancel(visits, paidCents, now, timezone),
  });

  it('is given while a visit can be moved or the booking cancelled online', () => {
    const open = page(plan, 50285, before);
    expect(offersOnlineChange(open.visits, open.cancel)).toBe(true);
    // Past the first visit's cut-off the booking is a call, but the second visit still moves online.
    const later = page(plan, 50285, after);
    expect(later.cancel.kind).toBe('call');
    expect(offersOnlineChange(later.visits, later.cancel)).toBe(true);
  });

  it('is not given once the booking is cancelled, done, or only changed by phone', () => {
    const cancelled = page(plan.map((v) => ({ ...v, status: 'cancelled' })), 50285, before);
    expect(offersOnlineChange(cancelled.visits, cancelled.cancel)).toBe(false);
    const done = page(plan.map((v) => ({ ...v, status: 'completed' })), 50285, before);
    expect(offersOnlineChange(done.visits, done.cancel)).toBe(false);
    const lastOne = page([visit(1, '2027-06-11', 'confirmed')], 11187, after);
    expect(offersOnlineChange(lastOne.visits, lastOne.cancel)).toBe(false);
  });
});
