import { describe, expect, it } from 'vitest';
import { allocateRainDay, listFillOrder, type RainDayAllocation, summariseByFriday } from './rain-day-allocation';

const booking = (ref: string, stops = 1, customerId = ref.charCodeAt(0)) => ({ ref, stops, customerId });
const where = (allocation: RainDayAllocation<ReturnType<typeof booking>, unknown>) => ({
  placed: allocation.placed.map((p) => `${p.group.ref}→${p.date}`),
  unplaced: allocation.unplaced.map((g) => g.ref),
});

describe('listFillOrder', () => {
  it('fills the target first, then the offered Fridays after it, never the rained-out day or earlier ones', () => {
    expect(listFillOrder('2027-06-18', ['2027-06-04', '2027-06-11', '2027-06-18', '2027-06-25', '2027-07-02'], '2027-06-11'))
      .toEqual(['2027-06-18', '2027-06-25', '2027-07-02']);
    // A target earlier than the rained-out day: the rained-out day is skipped when the overflow passes it.
    expect(listFillOrder('2027-06-04', ['2027-06-04', '2027-06-11', '2027-06-18'], '2027-06-11')).toEqual(['2027-06-04', '2027-06-18']);
  });
});

describe('allocateRainDay', () => {
  it.each([
    {
      name: 'everyone fits on the target',
      groups: [booking('A'), booking('B', 2)],
      fridays: [{ date: 'T', free: 3 }, { date: 'N', free: 5 }],
      placed: ['A→T', 'B→T'], unplaced: [],
    },
    {
      name: 'the target fills up in booking order and the rest go to the next Friday with room',
      groups: [booking('A'), booking('B'), booking('C'), booking('D')],
      fridays: [{ date: 'T', free: 2 }, { date: 'N', free: 1 }, { date: 'M', free: 4 }],
      placed: ['A→T', 'B→T', 'C→N', 'D→M'], unplaced: [],
    },
    {
      name: 'a booking\'s two visits stay together; a later single visit takes the stop they could not use',
      groups: [booking('A'), booking('B', 2), booking('C')],
      fridays: [{ date: 'T', free: 2 }, { date: 'N', free: 2 }],
      placed: ['A→T', 'B→N', 'C→T'], unplaced: [],
    },
    {
      name: 'a booking no Friday has room for is named, not dropped',
      groups: [booking('A'), booking('B', 2), booking('C')],
      fridays: [{ date: 'T', free: 1 }, { date: 'N', free: 1 }],
      placed: ['A→T', 'C→N'], unplaced: ['B'],
    },
    {
      name: 'an overfull Friday (capacity lowered below its bookings) counts as no room',
      groups: [booking('A')],
      fridays: [{ date: 'T', free: -2 }, { date: 'N', free: 1 }],
      placed: ['A→N'], unplaced: [],
    },
    {
      name: 'no Friday at all: everyone stays',
      groups: [booking('A'), booking('B')],
      fridays: [],
      placed: [], unplaced: ['A', 'B'],
    },
  ])('$name', ({ groups, fridays, placed, unplaced }) => {
    expect(where(allocateRainDay(groups, fridays))).toEqual({ placed, unplaced });
  });
});

describe('allocateRainDay with a plan\'s spacing (0035)', () => {
  // B's plan has its next visit soon after the target: only the target keeps it 14 days away.
  const blockedBy = (group: ReturnType<typeof booking>, date: string) => (group.ref === 'B' && date !== 'T' ? { visit: 3 } : null);

  it('places a booking only on a Friday its plan allows, and names one that has room nowhere else with the reason', () => {
    const allocation = allocateRainDay([booking('A'), booking('B'), booking('C')], [{ date: 'T', free: 1 }, { date: 'N', free: 5 }], blockedBy);
    expect(where(allocation)).toEqual({ placed: ['A→T', 'C→N'], unplaced: ['B'] });
    expect(allocation.unplaced).toEqual([{ ...booking('B'), reason: 'spacing', blockedBy: { visit: 3 } }]);
  });

  it('takes the allowed Friday when it has room, before a later booking does', () => {
    expect(where(allocateRainDay([booking('B'), booking('A')], [{ date: 'T', free: 1 }, { date: 'N', free: 5 }], blockedBy)))
      .toEqual({ placed: ['B→T', 'A→N'], unplaced: [] });
  });

  it('says why the first Friday passed over a booking placed later: no room, or the plan\'s spacing', () => {
    const allocation = allocateRainDay([booking('A'), booking('B'), booking('C', 2)], [{ date: 'N', free: 2 }, { date: 'T', free: 5 }], blockedBy);
    expect(allocation.placed.map((p) => `${p.group.ref}→${p.date}:${p.passedFirst}`)).toEqual(['A→N:null', 'B→T:spacing', 'C→T:full']);
  });

  it('says "full" when no Friday has room at all, spacing or not', () => {
    const allocation = allocateRainDay([booking('B', 2)], [{ date: 'T', free: 1 }, { date: 'N', free: 1 }], blockedBy);
    expect(allocation.unplaced).toEqual([{ ...booking('B', 2), reason: 'full' }]);
  });
});

describe('summariseByFriday', () => {
  it('counts visits and distinct customers per Friday, in fill order, leaving out Fridays nobody goes to', () => {
    const { placed } = allocateRainDay(
      [booking('A', 2, 1), booking('B', 1, 1), booking('C', 1, 2), booking('D', 1, 3)],
      [{ date: 'T', free: 3 }, { date: 'X', free: 0 }, { date: 'N', free: 5 }],
    );
    expect(summariseByFriday(placed, ['T', 'X', 'N']).map(({ bookings: _b, ...day }) => day)).toEqual([
      { date: 'T', visits: 3, customers: 1 },
      { date: 'N', visits: 2, customers: 2 },
    ]);
  });
});
