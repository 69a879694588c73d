import { describe, expect, it } from 'vitest';
import { findOfficePage } from './office-pages';

describe('findOfficePage', () => {
  it.each([
    ['/routes', 'routes', 'officeWork'],
    ['/routes?date=2027-05-07', 'routes', 'officeWork'],
    ['/quotes-admin?q=12', 'quotes', 'officeWork'],
    ['/customer-details?id=31', 'customerDetails', 'officeWork'],
    ['/admin/receipts/31', 'receipts', 'officeWork'],
    ['/staff-accounts/', 'staffAccounts', 'staffAccounts'],
    ['/business', 'business', 'businessDetails'],
    ['/technicians', 'technicians', 'technicians'],
    ['/products', 'products', 'products'],
    ['/stripe-test', 'paymentTest', 'paymentTest'],
    ['/email-preview?email=season-opener', 'emailPreview', 'officeWork'],
  ])('%s -> %s, needs %s', (next, key, capability) => {
    expect(findOfficePage(next)).toEqual({ key, capability });
  });

  it.each([null, '', '/day-sheet', '/account', '/admin', '/routes-old', 'routes', 'https://example.com/routes'])('%j is no office page', (next) => {
    expect(findOfficePage(next)).toBeNull();
  });
});
