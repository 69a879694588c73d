import type { Capability } from './capabilities';

/**
 * The office screens, each with the capability it needs (0082), for the note a staff member reads
 * on /admin when they open one their role does not open (0078): every office page sends them there
 * (`requireStaff`), and the note says whose page it is instead of dropping them somewhere without
 * a word. The staff navigation shows a screen's link only to the roles it opens for. Keys are
 * `staffAuth.officePages.*`.
 */
const OFFICE_PAGES: readonly (readonly [path: string, key: string, capability: Capability])[] = [
  ['/routes', 'routes', 'officeWork'],
  ['/retreatments', 'retreatments', 'officeWork'],
  ['/technicians', 'technicians', 'technicians'],
  ['/products', 'products', 'products'],
  ['/business', 'business', 'businessDetails'],
  ['/staff-accounts', 'staffAccounts', 'staffAccounts'],
  ['/quotes-admin', 'quotes', 'officeWork'],
  ['/unsubscribed', 'unsubscribed', 'officeWork'],
  ['/email-preview', 'emailPreview', 'officeWork'],
  ['/customer-details', 'customerDetails', 'officeWork'],
  ['/admin/receipts', 'receipts', 'officeWork'],
  ['/stripe-test', 'paymentTest', 'paymentTest'],
];

/**
 * The office screen a `next` path names and what it needs; null for a path that is no office
 * screen (a day sheet, an account, /admin itself, anything else).
 */
export function findOfficePage(next: string | null | undefined): { key: string; capability: Capability } | null {
  if (!next || !next.startsWith('/')) return null;
  const path = next.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  const found = OFFICE_PAGES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return found ? { key: found[1], capability: found[2] } : null;
}
