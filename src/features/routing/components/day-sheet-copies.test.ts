import { describe, expect, it } from 'vitest';
import { dayCopiesKey, findCopyToday, findDayCopy, findDeviceToday, MAX_SAVED_DAYS, saveDayCopy } from './day-sheet-copies';
import { MemoryStore } from './memory-store.test-support';


const day = (label: string) => ({ route: null, plan: { bookedVisits: 0, routedVisits: 0 }, today: '2027-06-10', label });
const copy = (technicianId: number, date: string, label = date, savedAt = '2027-06-10T23:00:00.000Z') => ({ technicianId, date, savedAt, day: day(label) });

describe('saved copies of the day sheet', () => {
  it('finds the copy of one technician\'s day, kept per signed-in account', () => {
    const store = new MemoryStore();
    expect(saveDayCopy(store, 1, copy(7, '2027-06-11'))).toBe(true);
    saveDayCopy(store, 1, copy(8, '2027-06-11', 'other crew'));
    expect(findDayCopy(store, 1, 7, '2027-06-11')).toEqual(copy(7, '2027-06-11'));
    expect(findDayCopy(store, 1, 8, '2027-06-11')?.day).toEqual(day('other crew'));
    expect(findDayCopy(store, 1, 7, '2027-06-18')).toBeNull();
    // Another account signed in on the same phone sees none of them.
    expect(findDayCopy(store, 2, 7, '2027-06-11')).toBeNull();
  });

  it('replaces a day\'s copy with the newer one', () => {
    const store = new MemoryStore();
    saveDayCopy(store, 1, copy(7, '2027-06-11', 'evening'));
    saveDayCopy(store, 1, copy(7, '2027-06-11', 'morning', '2027-06-11T11:00:00.000Z'));
    expect(findDayCopy(store, 1, 7, '2027-06-11')).toEqual(copy(7, '2027-06-11', 'morning', '2027-06-11T11:00:00.000Z'));
    expect(JSON.parse(store.getItem(dayCopiesKey(1))!)).toHaveLength(1);
  });

  it(`keeps the ${MAX_SAVED_DAYS} days saved last, so customers' details do not pile up`, () => {
    const store = new MemoryStore();
    const dates = Array.from({ length: MAX_SAVED_DAYS + 2 }, (_, i) => `2027-06-${String(i + 1).padStart(2, '0')}`);
    for (const date of dates) saveDayCopy(store, 1, copy(7, date));
    expect(findDayCopy(store, 1, 7, dates[0]!)).toBeNull();
    expect(findDayCopy(store, 1, 7, dates[1]!)).toBeNull();
    for (const date of dates.slice(2)) expect(findDayCopy(store, 1, 7, date)).not.toBeNull();
  });

  it('reads a damaged value as no copy, and says when the phone would not store one', () => {
    const store = new MemoryStore();
    store.setItem(dayCopiesKey(1), 'not json');
    expect(findDayCopy(store, 1, 7, '2027-06-11')).toBeNull();
    store.setItem(dayCopiesKey(1), JSON.stringify([{ technicianId: 7, date: '2027-06-11' }, copy(7, '2027-06-18')]));
    expect(findDayCopy(store, 1, 7, '2027-06-11')).toBeNull();
    expect(findDayCopy(store, 1, 7, '2027-06-18')).not.toBeNull();
    store.full = true;
    expect(saveDayCopy(store, 1, copy(7, '2027-06-25'))).toBe(false);
  });
});

describe('the day a saved copy is shown as of', () => {
  it.each([
    // Toronto is UTC-4 in June.
    ['Thursday 23:59 in Hamilton', '2027-06-11T03:59:00Z', '2027-06-10'],
    ['Friday 00:00 in Hamilton', '2027-06-11T04:00:00Z', '2027-06-11'],
  ])('the phone\'s clock on %s reads %s', (_label, instant, expected) => {
    expect(findDeviceToday(new Date(instant), 'America/Toronto')).toBe(expected);
  });

  it('moves on to the phone\'s day (a sheet read on Thursday evening offers "Mark done" on Friday), never back', () => {
    expect(findCopyToday('2027-06-10', '2027-06-11')).toBe('2027-06-11');
    expect(findCopyToday('2027-06-11', '2027-06-10')).toBe('2027-06-11');
  });
});
