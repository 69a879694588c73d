import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, parseStaffRole, STAFF_ROLES } from './capabilities';

/**
 * Who may do what (0082), as a small company expects it: the office does the day's work, the
 * owner's accounts (admin) also decide who signs in, what the business is called and charges
 * tax under, who works there, what is sprayed, the season's mailing and privacy requests.
 */
describe('the staff capability table', () => {
  it.each([
    ['officeWork', { admin: true, office: true, technician: false }],
    ['staffAccounts', { admin: true, office: false, technician: false }],
    ['businessDetails', { admin: true, office: false, technician: false }],
    ['serviceArea', { admin: true, office: false, technician: false }],
    ['technicians', { admin: true, office: false, technician: false }],
    ['products', { admin: true, office: false, technician: false }],
    ['seasonOpener', { admin: true, office: false, technician: false }],
    ['customerPrivacy', { admin: true, office: false, technician: false }],
    ['refundAboveTerms', { admin: true, office: false, technician: false }],
    ['paymentTest', { admin: true, office: false, technician: false }],
  ] as const)('%s: %j', (capability, expected) => {
    expect(Object.fromEntries(STAFF_ROLES.map((role) => [role, can(role, capability)]))).toEqual(expected);
  });

  it('names every capability above, so a new one is decided here too', () => {
    expect(Object.keys(CAPABILITIES).sort()).toEqual(
      ['businessDetails', 'customerPrivacy', 'officeWork', 'paymentTest', 'products', 'refundAboveTerms', 'seasonOpener', 'serviceArea', 'staffAccounts', 'technicians'],
    );
  });

  it('gives an admin everything, and nobody signed out anything', () => {
    for (const capability of Object.keys(CAPABILITIES) as (keyof typeof CAPABILITIES)[]) {
      expect(can('admin', capability), capability).toBe(true);
      expect(can(null, capability), capability).toBe(false);
      expect(can(undefined, capability), capability).toBe(false);
    }
  });

  it.each([['admin', 'admin'], ['office', 'office'], ['technician', 'technician'], ['owner', null], ['Admin', null], ['', null]])(
    'reads the stored role %j as %j',
    (stored, role) => {
      expect(parseStaffRole(stored)).toBe(role);
    },
  );
});
