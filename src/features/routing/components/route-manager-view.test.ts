import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { canOptimize, countPlannedStops, selectRouteManagerView } from './route-manager-view';

const day = (routes: number, doneWithoutRoute: number) => ({ routes: Array.from({ length: routes }), doneWithoutRoute: Array.from({ length: doneWithoutRoute }) });

describe('selectRouteManagerView', () => {
  it('waits for both the count and the day', () => {
    expect(selectRouteManagerView(null, day(0, 0))).toBeNull();
    expect(selectRouteManagerView(3, null)).toBeNull();
  });

  it('says "no appointments" for an empty date and offers nothing to optimise', () => {
    expect(selectRouteManagerView(0, day(0, 0))).toBe('noAppointments');
    expect(canOptimize('noAppointments')).toBe(false);
  });

  it('never offers visits done without a route for planning: a date with only those has nothing left to plan', () => {
    expect(selectRouteManagerView(2, day(0, 2))).toBe('allDone');
    // Empty routes left from an earlier plan do not make it a day to optimise either.
    expect(selectRouteManagerView(2, day(3, 2))).toBe('allDone');
    expect(canOptimize('allDone')).toBe(false);
  });

  it('offers to optimise a date with a visit still to do, planned or not', () => {
    expect(selectRouteManagerView(3, day(0, 2))).toBe('notPlanned');
    expect(selectRouteManagerView(3, day(2, 1))).toBe('routes');
    expect(canOptimize('notPlanned')).toBe(true);
    expect(canOptimize('routes')).toBe(true);
    expect(canOptimize(null)).toBe(false);
  });
});

describe('"Done without a route" in every language', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('has a title, a singular and a plural explanation, and the all-done state (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    expect(t('doneWithoutRouteTitle')).not.toBe(t('unassignedTitle'));
    expect(t('doneWithoutRouteBody', { count: 1 })).not.toBe(t('doneWithoutRouteBody', { count: 2 }));
    expect(t('allDoneWithoutRoute')).not.toBe(t('noRouteTitle'));
    for (const key of ['doneWithoutRouteTitle', 'allDoneWithoutRoute']) expect(t(key)).not.toMatch(/^routing\./);
  });
});

describe('countPlannedStops', () => {
  const stop = (status: string) => ({ appointment: { status } });
  it('counts what is left to drive, not the stops already done that stay first on a route', () => {
    const routes = [{ appointments: [stop('completed'), stop('completed'), stop('confirmed')] }, { appointments: [stop('confirmed'), stop('confirmed')] }];
    expect(countPlannedStops(routes)).toBe(3);
    expect(countPlannedStops([])).toBe(0);
  });
});
