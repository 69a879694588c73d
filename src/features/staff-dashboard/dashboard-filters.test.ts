import { describe, expect, it } from 'vitest';
import { buildDashboardQuery, readCustomerFilterParam, readDashboardTab, readListRange } from './dashboard-filters';

describe('readListRange (the Payments list\'s From/To, 0101)', () => {
  it('lists every payment when neither date is given, or both are blank', () => {
    expect(readListRange(undefined, undefined)).toEqual({ ok: true, range: null });
    expect(readListRange('', '')).toEqual({ ok: true, range: null });
    expect(readListRange(null, undefined)).toEqual({ ok: true, range: null });
  });

  it('takes two calendar days in order, one day or a whole leap year', () => {
    expect(readListRange('2026-03-01', '2026-03-31')).toEqual({ ok: true, range: { from: '2026-03-01', to: '2026-03-31' } });
    expect(readListRange('2026-03-01', '2026-03-01')).toEqual({ ok: true, range: { from: '2026-03-01', to: '2026-03-01' } });
    expect(readListRange('2028-01-01', '2028-12-31')).toEqual({ ok: true, range: { from: '2028-01-01', to: '2028-12-31' } });
  });

  it('refuses one date without the other, naming the missing field', () => {
    expect(readListRange('2026-03-01', '')).toMatchObject({ ok: false, field: 'to', messageKey: 'exports.errors.invalidDate' });
    expect(readListRange(undefined, '2026-03-01')).toMatchObject({ ok: false, field: 'from', messageKey: 'exports.errors.invalidDate' });
  });

  it('refuses a day that does not exist, another shape, a reversed range and more than 366 days, as the exports do', () => {
    expect(readListRange('2026-02-29', '2026-03-01')).toMatchObject({ ok: false, field: 'from', messageKey: 'exports.errors.invalidDate' });
    expect(readListRange('01/03/2026', '2026-03-31')).toMatchObject({ ok: false, field: 'from', messageKey: 'exports.errors.invalidDate' });
    expect(readListRange(['2026-03-01'], '2026-03-31')).toMatchObject({ ok: false, field: 'from' });
    expect(readListRange('2026-03-31', '2026-03-01')).toMatchObject({ ok: false, field: 'to', messageKey: 'exports.errors.reversedRange' });
    expect(readListRange('2026-01-01', '2027-01-02')).toEqual({ ok: false, field: 'to', messageKey: 'exports.errors.rangeTooLong', days: 366 });
  });
});

describe('the dashboard\'s address (0101)', () => {
  it('keeps the tab and the filters, and leaves the defaults out', () => {
    expect(buildDashboardQuery({ tab: 'appointments', customers: 'all', paymentsRange: null })).toBe('');
    expect(buildDashboardQuery({ tab: 'customers', customers: 'nothing-booked-ahead' })).toBe('?tab=customers&customers=nothing-booked-ahead');
    expect(buildDashboardQuery({ tab: 'payments', paymentsRange: { from: '2026-03-01', to: '2026-03-31' } })).toBe('?tab=payments&from=2026-03-01&to=2026-03-31');
  });

  it('reads back what it wrote, and anything else as the defaults', () => {
    const params = new URLSearchParams(buildDashboardQuery({ tab: 'customers', customers: 'nothing-booked-ahead' }));
    expect(readDashboardTab(params.get('tab'))).toBe('customers');
    expect(readCustomerFilterParam(params.get('customers'))).toBe('nothing-booked-ahead');
    expect(readDashboardTab('settings')).toBe('appointments');
    expect(readDashboardTab(['payments'])).toBe('appointments');
    expect(readCustomerFilterParam('everyone')).toBe('all');
    expect(readCustomerFilterParam(undefined)).toBe('all');
  });
});
