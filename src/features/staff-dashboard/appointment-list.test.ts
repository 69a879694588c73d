import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '@/db/schema/appointments';
import {
  APPOINTMENT_MAX_ROWS, APPOINTMENT_PAGE_SIZE, APPOINTMENT_STATUS_FILTERS, buildAppointmentListPath,
  decodeAppointmentCursor, DEFAULT_APPOINTMENT_FILTER, encodeAppointmentCursor, isNewestFirst,
} from './appointment-list';
import { AppointmentListQuerySchema } from './dashboard.schema';
import { appendPage, sizeRefresh } from './list-paging';

describe('appointment list cursor', () => {
  it.each([
    [{ date: '2027-05-07', time: '09:00', id: 123 }, '2027-05-07~09:00~123'],
    [{ date: '2027-10-29', time: '13:30', id: 1 }, '2027-10-29~13:30~1'],
    // The time is free text: whatever it holds comes back.
    [{ date: '2027-05-07', time: '9:00 AM~x', id: 2_147_483_647 }, '2027-05-07~9:00 AM~x~2147483647'],
  ])('writes %o as %s and reads it back', (row, text) => {
    expect(encodeAppointmentCursor(row)).toBe(text);
    expect(decodeAppointmentCursor(text)).toEqual(row);
  });

  it.each([
    '', '2027-05-07', '2027-05-07~09:00', '2027-05-07~~5', '27-05-07~09:00~5', '2027-05-07~09:00~0', '2027-05-07~09:00~-5',
    '2027-05-07~09:00~05', '2027-05-07~09:00~1.5', '2027-05-07~09:00~2147483648', '2027-05-07~09:00~99999999999',
  ])('refuses %j', (text) => {
    expect(decodeAppointmentCursor(text)).toBeNull();
  });
});

describe('appointment list order and paths', () => {
  it.each([
    [{ view: 'upcoming', date: null }, false],
    [{ view: 'all', date: null }, false],
    [{ view: 'past', date: null }, true],
    // One Friday reads by time of day, whatever the view.
    [{ view: 'past', date: '2027-05-07' }, false],
  ] as const)('%o runs newest first: %s', (filter, expected) => {
    expect(isNewestFirst(filter)).toBe(expected);
  });

  it('builds the API address from the filter, leaving out what is not set', () => {
    expect(buildAppointmentListPath(DEFAULT_APPOINTMENT_FILTER)).toBe('/api/admin/appointments?view=upcoming');
    expect(buildAppointmentListPath({ view: 'past', date: '2027-05-07', status: 'pending-payment' }, { cursor: '2027-05-07~09:00~12', limit: 250 }))
      .toBe('/api/admin/appointments?view=past&date=2027-05-07&status=pending-payment&cursor=2027-05-07%7E09%3A00%7E12&limit=250');
    expect(buildAppointmentListPath(DEFAULT_APPOINTMENT_FILTER, { limit: APPOINTMENT_PAGE_SIZE })).toBe('/api/admin/appointments?view=upcoming');
  });

  it.each([
    [0, APPOINTMENT_PAGE_SIZE],
    [37, APPOINTMENT_PAGE_SIZE],
    [APPOINTMENT_PAGE_SIZE, APPOINTMENT_PAGE_SIZE],
    [250, 250],
    [APPOINTMENT_MAX_ROWS, APPOINTMENT_MAX_ROWS],
    [APPOINTMENT_MAX_ROWS + 1, null],
  ])('a refresh of %i rows asks for %s', (shown, expected) => {
    expect(sizeRefresh(shown)).toBe(expected);
  });

  it('appends a page without showing a visit twice', () => {
    const shown = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(appendPage(shown, [{ id: 3 }, { id: 4 }, { id: 5 }]).map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(appendPage([], [{ id: 9 }])).toEqual([{ id: 9 }]);
  });

  it('offers every stored status as a filter, the paid visits that need a new date and the visits not treated', () => {
    expect([...APPOINTMENT_STATUS_FILTERS].sort()).toEqual([...APPOINTMENT_STATUSES, 'needs-attention', 'not-treated'].sort());
  });
});

describe('AppointmentListQuerySchema', () => {
  const parse = (query: Record<string, string>) => AppointmentListQuerySchema.safeParse(query);
  const messages = (query: Record<string, string>) => {
    const result = parse(query);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('defaults to the first page of upcoming visits, and reads empty values as not set', () => {
    expect(parse({}).data).toEqual({ view: 'upcoming', limit: APPOINTMENT_PAGE_SIZE });
    expect(parse({ view: '', date: '', status: '', cursor: '', limit: '' }).data).toEqual({ view: 'upcoming', limit: APPOINTMENT_PAGE_SIZE });
  });

  it('reads a full query, the cursor as a position', () => {
    expect(parse({ view: 'past', date: '2027-05-07', status: 'needs-attention', cursor: '2027-05-07~09:00~12', limit: '300', extra: 'ignored' }).data).toEqual({
      view: 'past', date: '2027-05-07', status: 'needs-attention', cursor: { date: '2027-05-07', time: '09:00', id: 12 }, limit: 300,
    });
  });

  it.each([
    [{ view: 'tomorrow' }, 'view: adminDashboard.list.invalidView'],
    [{ date: '2027-02-30' }, 'date: adminDashboard.list.invalidDate'],
    [{ date: '07/05/2027' }, 'date: adminDashboard.list.invalidDate'],
    [{ date: '2027-05-06' }, 'date: adminDashboard.list.notFriday'],
    [{ status: 'deleted' }, 'status: adminDashboard.invalidStatus'],
    [{ cursor: 'abc' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ cursor: '2027-02-30~09:00~4' }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ cursor: `2027-05-07~${'9'.repeat(200)}~4` }, 'cursor: adminDashboard.list.invalidCursor'],
    [{ limit: '0' }, 'limit: errors.invalidField'],
    [{ limit: String(APPOINTMENT_MAX_ROWS + 1) }, 'limit: errors.invalidField'],
    [{ limit: '2.5' }, 'limit: errors.invalidField'],
    [{ limit: 'ten' }, 'limit: errors.invalidField'],
  ])('refuses %o with a translation key', (query, expected) => {
    expect(messages(query)[0]).toBe(expected);
  });
});
