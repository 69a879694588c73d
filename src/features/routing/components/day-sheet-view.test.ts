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
  ] as const)('%o shows %s', (state, view) => {
    expect(selectDaySheetView(state)).toBe(view);
  });
});
