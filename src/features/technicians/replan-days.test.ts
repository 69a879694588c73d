import { describe, expect, it } from 'vitest';
import { findDaysToReplan, type UpcomingRoute } from './replan-days';

const FRI = '2027-05-07';
const NEXT = '2027-05-14';
const route = (technicianId: number | null, date: string, appointmentOrder: number[], status = 'planned'): UpcomingRoute => ({ technicianId, date, status, appointmentOrder });
const open = (date: string, ...ids: number[]) => ids.map((id) => ({ id, date }));

describe('findDaysToReplan', () => {
  it('leaves out a technician\'s day whose route has only done stops left, and keeps one with a stop to do', () => {
    // Crew 1 has done 1 and 2 (not open); crew 2 still has 4 to do.
    const result = findDaysToReplan([route(1, FRI, [1, 2]), route(2, FRI, [3, 4])], open(FRI, 4));
    expect(result.byTechnician).toEqual([{ technicianId: 2, date: FRI }]);
    expect(result.days).toEqual([FRI]);
  });

  it('leaves out a day where every planned stop is done (or gone), whoever drives it', () => {
    const result = findDaysToReplan([route(1, FRI, [1]), route(2, FRI, []), route(1, NEXT, [5, 6])], open(NEXT, 6));
    expect(result.byTechnician).toEqual([{ technicianId: 1, date: NEXT }]);
    expect(result.days).toEqual([NEXT]);
  });

  it('keeps a planned day for the whole crew when a visit to do is on no route yet (a new shift may take it)', () => {
    const result = findDaysToReplan([route(1, FRI, [1])], open(FRI, 9));
    expect(result).toEqual({ byTechnician: [], days: [FRI] });
  });

  it('does not count stops of started routes, which a re-plan keeps, nor days without a planned route', () => {
    const result = findDaysToReplan([route(1, FRI, [1]), route(2, FRI, [3], 'in-progress'), route(3, NEXT, [7], 'in-progress')], [...open(FRI, 3), ...open(NEXT, 7, 8)]);
    expect(result).toEqual({ byTechnician: [], days: [] });
  });

  it('lists each technician and day once, earliest first', () => {
    const result = findDaysToReplan([route(2, FRI, [1]), route(1, FRI, [2]), route(1, FRI, [3]), route(1, NEXT, [4]), route(null, NEXT, [5])], [...open(FRI, 1, 2, 3), ...open(NEXT, 4, 5)]);
    expect(result.byTechnician).toEqual([{ technicianId: 1, date: FRI }, { technicianId: 2, date: FRI }, { technicianId: 1, date: NEXT }]);
    expect(result.days).toEqual([FRI, NEXT]);
  });
});
