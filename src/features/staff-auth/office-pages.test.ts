import { describe, expect, it } from 'vitest';
import { findOfficePageKey } from './office-pages';

describe('findOfficePageKey', () => {
  it.each([
    ['/routes', 'routes'],
    ['/routes?date=2027-05-07', 'routes'],
    ['/quotes-admin?q=12', 'quotes'],
    ['/customer-details?id=31', 'customerDetails'],
    ['/admin/receipts/31', 'receipts'],
    ['/staff-accounts/', 'staffAccounts'],
    ['/email-preview?email=season-opener', 'emailPreview'],
  ])('%s -> %s', (next, key) => {
    expect(findOfficePageKey(next)).toBe(key);
  });

  it.each([null, '', '/day-sheet', '/account', '/admin', '/routes-old', 'routes', 'https://example.com/routes'])('%j is no office page', (next) => {
    expect(findOfficePageKey(next)).toBeNull();
  });
});
