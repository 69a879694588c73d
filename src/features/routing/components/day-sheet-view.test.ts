import { describe, expect, it } from 'vitest';
import { selectDaySheetView } from './day-sheet-view';

const route = { technician: 'Crew A', appointments: [] };

describe('selectDaySheetView', () => {
  it.each([
    // An admin's branch without an active technician: nothing would ever load.
    [{ technicianId: null, hasDate: true, route: undefined }, 'noTechnicians'],
    [{ technicianId: null, hasDate: false, route: undefined }, 'noTechnicians'],
    [{ technicianId: 1, hasDate: false, route: undefined }, 'chooseDate'],
    [{ technicianId: 1, hasDate: true, route: undefined }, 'loading'],
    [{ technicianId: 1, hasDate: true, route: null }, 'noStops'],
    [{ technicianId: 1, hasDate: true, route }, 'route'],
    // A failed read is not an empty day: the technician is told it failed and can try again.
    [{ technicianId: 1, hasDate: true, route: undefined, loadFailed: true }, 'failed'],
    [{ technicianId: 1, hasDate: true, route: null, loadFailed: true }, 'failed'],
    [{ technicianId: 1, hasDate: false, route: undefined, loadFailed: true }, 'chooseDate'],
  ] as const)('%o shows %s', (state, view) => {
    expect(selectDaySheetView(state)).toBe(view);
  });
});
