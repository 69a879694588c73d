/**
 * The office screen a `next` path names, for the note a technician reads on /admin when they open
 * one (0078): every office page sends a technician there (`requireStaff`), and the note says that
 * page is for the office instead of dropping them on their day sheet without a word. Keys are
 * `staffAuth.officePages.*`. Null for a path that is no office screen (their own day sheet, their
 * account, /admin itself, anything else).
 */
const OFFICE_PAGES: readonly (readonly [path: string, key: string])[] = [
  ['/routes', 'routes'],
  ['/retreatments', 'retreatments'],
  ['/technicians', 'technicians'],
  ['/products', 'products'],
  ['/business', 'business'],
  ['/staff-accounts', 'staffAccounts'],
  ['/quotes-admin', 'quotes'],
  ['/unsubscribed', 'unsubscribed'],
  ['/email-preview', 'emailPreview'],
  ['/customer-details', 'customerDetails'],
  ['/admin/receipts', 'receipts'],
  ['/stripe-test', 'paymentTest'],
];

export function findOfficePageKey(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/')) return null;
  const path = next.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return OFFICE_PAGES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;
}
