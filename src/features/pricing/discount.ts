/**
 * Discount-code rules (DECISIONS §1), pure: the repository loads the `discount_codes` row, this
 * module decides whether it may be used, and `calculatePrice` applies it. Reasons are codes; the
 * UI translates them (`pricing.discount.reason.<code>`).
 */
import type { PricedServiceType } from './price-table';

/** Plans a code is limited to, as stored (`discount_codes.appliesTo`, a text array). */
type AppliesTo = readonly (PricedServiceType | (string & {}))[] | null;

export type DiscountType = 'fixed' | 'percent';

/** The columns of a `discount_codes` row this module reads. */
export interface DiscountCodeRow {
  code: string;
  discountType: DiscountType;
  /**
   * `fixed`: cents off (MIDSEASON is 7900). `percent`: whole percentage points (0–100).
   * Either way the engine rounds the discount to whole dollars (pre-tax prices are whole dollars).
   */
  discountValue: number;
  /** 0 means unlimited. */
  maxUses: number;
  /** Counted only when a payment using the code succeeds. */
  currentUses: number;
  isActive: boolean;
  expiresAt: Date | null;
  /** Plans the code is valid for; null means every plan. */
  appliesTo: AppliesTo;
}

/** What the pricing engine needs from a code that passed `validateDiscountCode`. */
export interface ApplicableDiscount {
  code: string;
  discountType: DiscountType;
  /** Same units as `DiscountCodeRow.discountValue`. */
  discountValue: number;
  appliesTo: AppliesTo;
}

export const DISCOUNT_REJECTION_REASONS = [
  'unknown',
  'inactive',
  'expired',
  'used-up',
  'not-applicable',
] as const;
export type DiscountRejectionReason = (typeof DISCOUNT_REJECTION_REASONS)[number];

export type DiscountValidation =
  | { ok: true; discount: ApplicableDiscount }
  | { ok: false; reason: DiscountRejectionReason };

/**
 * Canonical form of a code as typed by a customer (`" midseason "` → `"MIDSEASON"`), for the
 * repository lookup.
 */
export function normaliseDiscountCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Decides whether a code can be used now. Checks, in order: the row exists, is active, has not
 * expired (a code expiring exactly at `now` is expired), has uses left (`maxUses` 0 = unlimited),
 * and, when `serviceType` is given, applies to that plan.
 *
 * @param row - the `discount_codes` row found for the normalised code, or null
 */
export function validateDiscountCode(
  row: DiscountCodeRow | null,
  options: { now: Date; serviceType?: PricedServiceType },
): DiscountValidation {
  if (!row) return { ok: false, reason: 'unknown' };
  if (!row.isActive) return { ok: false, reason: 'inactive' };
  if (row.expiresAt && row.expiresAt.getTime() <= options.now.getTime()) {
    return { ok: false, reason: 'expired' };
  }
  if (row.maxUses > 0 && row.currentUses >= row.maxUses) return { ok: false, reason: 'used-up' };
  if (options.serviceType && row.appliesTo && !row.appliesTo.includes(options.serviceType)) {
    return { ok: false, reason: 'not-applicable' };
  }
  return {
    ok: true,
    discount: {
      code: row.code,
      discountType: row.discountType,
      discountValue: row.discountValue,
      appliesTo: row.appliesTo,
    },
  };
}

/**
 * SPEC §9's MIDSEASON code as seed data: seasonal plan only, $79 (7900 cents) off, active, unlimited, no expiry.
 */
export const MIDSEASON_DISCOUNT: DiscountCodeRow = {
  code: 'MIDSEASON',
  discountType: 'fixed',
  discountValue: 7900,
  maxUses: 0,
  currentUses: 0,
  isActive: true,
  expiresAt: null,
  appliesTo: ['seasonal'],
};
