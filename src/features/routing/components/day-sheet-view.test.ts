import { describe, expect, it } from 'vitest';
import { countVisitsAwaitingRoute, selectDaySheetView } from './day-sheet-view';

const route = { technician: 'Crew A', appointments: [{ position: 1 }] };
const emptyRoute = { technician: 'Crew A', appointments: [] };
const freeDay = { bookedVisits: 0, routedVisits: 0 };
const unplanned = { bookedVisits: 4, routedVisits: 0 };
const planned = { bookedVisits: 4, routedVisits: 4 };

describe('selectDaySheetView', () => {
  it.each([
    // An admin's branch without an active technician: nothing would ever load.
    [{ technicianId: null, hasDate: true, route: undefined }, 'noTechnicians'],
    [{ technicianId: null, hasDate: false, route: undefined }, 'noTechnicians'],
    [{ technicianId: 1, hasDate: false, route: undefined }, 'chooseDate'],
    [{ technicianId: 1, hasDate: true, route: undefined }, 'loading'],
    [{ technicianId: 1, hasDate: true, route: null, plan: freeDay }, 'noStops'],
    [{ technicianId: 1, hasDate: true, route, plan: planned }, 'route'],
    // A failed read is not an empty day: the technician is told it failed and can try again.
    [{ technicianId: 1, hasDate: true, route: undefined, loadFailed: true }, 'failed'],
    [{ technicianId: 1, hasDate: true, route: null, loadFailed: true }, 'failed'],
    [{ technicianId: 1, hasDate: false, route: undefined, loadFailed: true }, 'chooseDate'],
  ] as const)('%o shows %s', (state, view) => {
    expect(selectDaySheetView(state)).toBe(view);
  });

  // Thursday evening: "no stops" must not read as a day off when the office has not planned Friday.
  it.each([
    ['nothing booked', null, freeDay, 'noStops'],
    ['booked, no route yet', null, unplanned, 'notPlanned'],
    ['booked, the earlier routes lost all their stops, new visits not planned', emptyRoute, { bookedVisits: 2, routedVisits: 0 }, 'notPlanned'],
    ['planned, the visits on other technicians\' routes', null, planned, 'notAssigned'],
    ['planned, an empty route of their own', emptyRoute, planned, 'notAssigned'],
    ['planned, some visits booked after planning, none for them', null, { bookedVisits: 5, routedVisits: 3 }, 'notAssigned'],
    ['their route, whose stops were all cancelled, and nothing else booked', emptyRoute, freeDay, 'noStops'],
    ['their route with stops', route, planned, 'route'],
  ] as const)('%s: %s', (_, sheetRoute, plan, view) => {
    expect(selectDaySheetView({ technicianId: 1, hasDate: true, route: sheetRoute, plan })).toBe(view);
  });
});

// A rain day moved the Friday and closed it (0071): the sheet says so, not a bare "no stops".
describe('selectDaySheetView on a Friday moved for rain', () => {
  it.each([
    ['nothing left on it', null, freeDay, 'movedForRain'],
    ['their route emptied by the moves', emptyRoute, freeDay, 'movedForRain'],
    ['a booking no Friday had room for, on someone else\'s route', null, { bookedVisits: 1, routedVisits: 1 }, 'movedForRain'],
    ['a booking no Friday had room for, still on their route', route, { bookedVisits: 1, routedVisits: 1 }, 'route'],
  ] as const)('%s: %s', (_, sheetRoute, plan, view) => {
    expect(selectDaySheetView({ technicianId: 1, hasDate: true, route: sheetRoute, plan, closedForRain: true })).toBe(view);
  });

  it('still says loading, failed or choose a date first', () => {
    expect(selectDaySheetView({ technicianId: 1, hasDate: true, route: undefined, closedForRain: true })).toBe('loading');
    expect(selectDaySheetView({ technicianId: 1, hasDate: true, route: null, loadFailed: true, closedForRain: true })).toBe('failed');
  });
});

describe('countVisitsAwaitingRoute', () => {
  it('counts the booked visits no route visits, never below zero, nothing when the plan is unknown', () => {
    expect(countVisitsAwaitingRoute({ bookedVisits: 12, routedVisits: 10 })).toBe(2);
    expect(countVisitsAwaitingRoute({ bookedVisits: 10, routedVisits: 10 })).toBe(0);
    expect(countVisitsAwaitingRoute({ bookedVisits: 9, routedVisits: 10 })).toBe(0);
    expect(countVisitsAwaitingRoute(undefined)).toBe(0);
  });
});
