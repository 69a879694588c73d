/**
 * What the day sheet shows below its controls. An admin's sheet with no active technician has
 * nobody to load a route for, so it says so instead of waiting for a load that never starts.
 */
export type DaySheetView = 'noTechnicians' | 'chooseDate' | 'failed' | 'loading' | 'noStops' | 'route';

export function selectDaySheetView(state: {
  /** The technician whose sheet is shown (fixed for a technician, chosen by an admin). */
  technicianId: number | null;
  hasDate: boolean;
  /** undefined while loading, null when the technician has no route that day. */
  route: object | null | undefined;
  /** The last read failed: the stops are unknown, not absent (a technician must not read "no stops"). */
  loadFailed?: boolean;
}): DaySheetView {
  if (state.technicianId === null) return 'noTechnicians';
  if (!state.hasDate) return 'chooseDate';
  if (state.loadFailed) return 'failed';
  if (state.route === undefined) return 'loading';
  return state.route === null ? 'noStops' : 'route';
}
