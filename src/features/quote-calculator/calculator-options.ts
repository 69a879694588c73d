/**
 * The calculator's choices (SPEC "Quote calculator" and §3): property sizes, the three plans,
 * and how stored or broadcast plan selections map onto them. Pure, shared by the form and tests.
 */
import { localePath } from '@/components/site/locale-paths';
import type { PricedServiceType } from '@/features/pricing/price-table';
import type { Locale } from '@/i18n/routing';
import { normaliseServiceType } from '@/features/pricing/pricing';

/**
 * SPEC §3: 0.25 Townhouse, 0.5 Detached House, 0.75 Corner Lot, 999 Acreage (custom quote), which
 * is DECISIONS §1's "over 2 acres"; the booking form prices the lots between (0084).
 */
export const CALCULATOR_SIZES = ['0.25', '0.5', '0.75', '999'] as const;
export type CalculatorSize = (typeof CALCULATOR_SIZES)[number];
export const CALCULATOR_PLANS = ['onetime', 'seasonal', 'tick-seasonal'] as const satisfies readonly PricedServiceType[];

/**
 * The booking form, which prices the lots between the calculator's 3/4 acre and 2 acres (0084),
 * opened on the plan chosen in the calculator (0089): /book reads `serviceType`.
 */
export function bookingFormPath(locale: Locale | string, serviceType: string): string {
  const path = localePath(locale, '/book');
  return (CALCULATOR_PLANS as readonly string[]).includes(serviceType) ? `${path}?serviceType=${serviceType}` : path;
}

/** Message keys for the sizes (next-intl keys cannot contain dots). */
export const SIZE_LABEL_KEYS: Record<CalculatorSize, string> = { '0.25': 'townhouse', '0.5': 'detached', '0.75': 'cornerLot', '999': 'acreage' };

export const isCalculatorSize = (value: string): value is CalculatorSize =>
  (CALCULATOR_SIZES as readonly string[]).includes(value);

/** DECISIONS §2 plan ids, also SPEC's local-storage `selectedPlanId`. */
const PLAN_BY_ID: Record<string, PricedServiceType> = { '1': 'onetime', '2': 'seasonal', '3': 'tick-seasonal' };

/** The plan a visitor picked earlier (`selectedServiceType` / `selectedPlanId` in local storage), or null. */
export function readStoredPlan(storedType: string | null, storedPlanId: string | null): PricedServiceType | null {
  const type = normaliseServiceType(storedType);
  if (type === 'onetime' || type === 'seasonal' || type === 'tick-seasonal') return type;
  return storedPlanId ? PLAN_BY_ID[storedPlanId.trim()] ?? null : null;
}

export interface PlanSelectionDetail {
  serviceType?: string;
  planId?: number;
  discountCode?: string;
}

export interface PlanState {
  serviceType: PricedServiceType;
  includeTick: boolean;
}

export interface PlanSelectionOutcome extends PlanState {
  /** Code to show as applied (upper-case), or undefined to keep the current one. */
  discountCode?: string;
  /** The misting-system consultation was picked: it is not a plan here, the page points at its note. */
  consult: boolean;
}

/**
 * Applies a `planSelected` event (SPEC §4). `tick` turns the tick add-on on and sets the plan to
 * the stored one-time/seasonal choice, else one-time (SPEC §4, as the brief for this page says);
 * `tick-seasonal` selects the tick plan itself; a discount code is kept as the applied code.
 */
export function applyPlanSelection(current: PlanState, detail: PlanSelectionDetail, storedPlan: PricedServiceType | null): PlanSelectionOutcome {
  const code = detail.discountCode?.trim().toUpperCase() || undefined;
  const raw = (detail.serviceType ?? '').trim().toLowerCase();
  if (raw === 'tick') {
    const base = storedPlan === 'onetime' || storedPlan === 'seasonal' ? storedPlan : 'onetime';
    return { serviceType: base, includeTick: true, discountCode: code, consult: false };
  }
  if (raw === 'consult') return { ...current, discountCode: code, consult: true };
  const type = normaliseServiceType(raw) ?? (detail.planId ? PLAN_BY_ID[String(detail.planId)] ?? null : null);
  if (type === 'onetime' || type === 'seasonal' || type === 'tick-seasonal') {
    return { serviceType: type, includeTick: type === 'tick-seasonal' ? false : current.includeTick, discountCode: code, consult: false };
  }
  return { ...current, discountCode: code, consult: false };
}

export interface AppliedCodeStatus {
  code: string;
  /** False when the branch no longer offers the code (inactive, expired, used up): no discount is priced. */
  available: boolean;
}

/**
 * What the estimate box says about a code a plan selection brought in (the popup's MIDSEASON):
 * in use only while the branch still offers it, so the box never claims a discount it does not price.
 */
export function describeAppliedCode(code: string | null, offered: readonly { code: string }[]): AppliedCodeStatus | null {
  if (!code) return null;
  return { code, available: offered.some((d) => d.code === code) };
}
