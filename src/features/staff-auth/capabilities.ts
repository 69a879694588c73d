/**
 * Who may do what among staff (docs/decisions/0082): the one table every page, API handler and
 * the staff navigation ask, instead of each comparing role names. Client-safe: no server imports.
 *
 * - `admin`: the owner's accounts. Everything.
 * - `office`: whoever answers the phone. The office's daily work, not the owner's settings or goodwill.
 * - `technician`: their own day sheet and account only (0014), which need no capability here.
 */
export const STAFF_ROLES = ['admin', 'office', 'technician'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const OWNER = ['admin'] as const;
const OFFICE = ['admin', 'office'] as const;

export const CAPABILITIES = {
  /**
   * The office's daily work: customers and their bookings, appointments, quotes, messages, payments
   * and refunds, receipts, routes and every technician's day sheet, re-treatments, the rain day,
   * exports, the do-not-email list and the email previews.
   */
  officeWork: OFFICE,
  /** Who may sign in, and with what access. */
  staffAccounts: OWNER,
  /** Legal name, GST/HST number, phone, email and mailing address on every page and receipt (0044, 0076). */
  businessDetails: OWNER,
  /** Which postal-code prefixes (towns, rural communities) are served: where the business works (0088). */
  serviceArea: OWNER,
  /** Who is on the technician roster (hiring and letting go is the owner's call). */
  technicians: OWNER,
  /** The products applied and their registration numbers: the licence holder's responsibility (0042). */
  products: OWNER,
  /** The season opener: one promotional email to every customer who may receive it (0043). */
  seasonOpener: OWNER,
  /** A customer's access and deletion requests: everything held, and erasing it (0049). */
  customerPrivacy: OWNER,
  /** A cancellation refunding more than the published terms give: goodwill is the owner's money (0017). */
  refundAboveTerms: OWNER,
  /** The payment test page and its free amount (real charges in live mode). */
  paymentTest: OWNER,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Capability = keyof typeof CAPABILITIES;

/** Whether a staff member with `role` may use `capability`; no role (signed out) may use none. */
export function can(role: StaffRole | null | undefined, capability: Capability): boolean {
  return role != null && (CAPABILITIES[capability] as readonly StaffRole[]).includes(role);
}

/** A stored role as the app knows it; null for anything else, which then opens nothing. */
export function parseStaffRole(value: string): StaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(value) ? (value as StaffRole) : null;
}
