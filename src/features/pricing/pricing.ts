/**
 * The one pricing engine (DECISIONS §1). Pure: the price table, tax rate and an already-validated
 * discount are arguments, so the server (which stores and charges the result) and the browser
 * (which only previews it) run the same code on the same data.
 *
 * Order of operations, exactly as DECISIONS §1: plan + add-ons → premium-area multiplier →
 * round to whole dollars → discount → HST (half-up to the cent).
 */
import { applyRateHalfUp, roundToWholeDollars, scaleToWholeDollars } from '@/lib/money';

import type { ApplicableDiscount } from './discount';
import {
  EXTRA_CODES,
  SIZE_TIERS,
  type ExtraCode,
  type PriceTable,
  type PricedServiceType,
  type SizeTier,
} from './price-table';

/** Every service type the site knows (DECISIONS §2). Only the first three are priced here. */
export type ServiceType = PricedServiceType | 'standingwater' | 'consult';

/** SPEC's quote-calculator value for "Acreage": always a custom quote. */
export const CUSTOM_QUOTE_SIZE = 999;

export interface PriceInput {
  serviceType: PricedServiceType;
  /**
   * Acres. The priced tiers are 0.25, 0.5, 0.75, 1, 1.5 and 2; other sizes are mapped up to the
   * next tier (0.3 → 0.5) and anything above 2 (including 999) is a custom quote.
   */
  propertySize: number;
  includeTick: boolean;
  /** SPEC also calls this `includeStandingWater`; the API layer maps it. */
  includeTargetedInsects: boolean;
  extras: readonly ExtraCode[];
  /** Service address, used for the premium-area keywords. Empty or 'not provided' is fine. */
  address: string;
}

export interface PriceContext {
  priceTable: PriceTable;
  /** Branch tax rate, e.g. 0.13 for Ontario HST. */
  taxRate: number;
  /** A code already checked by `validateDiscountCode`; applicability to the plan is checked here. */
  discount?: ApplicableDiscount | null;
}

export const PRICE_LINE_CODES = [
  'onetime-treatment',
  'seasonal-first-visit',
  'seasonal-visits',
  'tick-seasonal-visits',
  'tick-addon',
  'tick-bundle-saving',
  'targeted-insects-addon',
  ...EXTRA_CODES,
] as const;
export type PriceLineCode = (typeof PRICE_LINE_CODES)[number];

export interface PriceLine {
  code: PriceLineCode;
  /** next-intl message key; `quantity` and the unit amount are available as message params. */
  labelKey: `pricing.lines.${PriceLineCode}`;
  quantity: number;
  unitAmountCents: number;
  /** `quantity × unitAmountCents`; negative for savings. */
  amountCents: number;
}

export type DiscountOutcome =
  | { code: string; applied: true; amountCents: number }
  | { code: string; applied: false; reason: 'not-applicable' };

export interface PriceResult {
  /** True for lots above the largest tier: nothing is priced, every amount is 0, lines are empty. */
  customQuote: boolean;
  /** The tier actually priced (after mapping up), or null for a custom quote. */
  sizeTier: SizeTier | null;
  /** Plan and add-ons, before the premium-area multiplier. Their sum is the base amount. */
  lines: PriceLine[];
  premiumArea: boolean;
  /** What the premium-area multiplier (and the whole-dollar rounding) added. */
  premiumCents: number;
  /** Pre-tax, pre-discount total in whole dollars (always a multiple of 100). */
  preTaxCents: number;
  discountCents: number;
  /** `discount` echo: applied, or why not. Null when no code was given. */
  discount: DiscountOutcome | null;
  /** Amount HST is charged on: `preTaxCents − discountCents` (whole dollars). */
  subtotalCents: number;
  taxCents: number;
  /** What the customer pays: `subtotalCents + taxCents`. */
  totalCents: number;
  /**
   * SPEC's `totalPrice`: the pre-tax total in whole dollars the quote page shows
   * (`subtotalCents / 100`, so after any discount). 0 for a custom quote.
   */
  totalPrice: number;
  /** Number of treatment visits the plan books (1, 5 or 3). */
  visits: number;
}

/**
 * What a charge was made of, stored with the payment when its intent is created (0060), so a
 * receipt shows each line as it was charged, never as today's price table would price it:
 * the engine's lines, then what the premium-area multiplier and the whole-dollar rounding added.
 * The discount, subtotal and HST are stored beside it. `Σ lines + premiumCents = preTaxCents`.
 */
export interface ChargedBreakdown {
  lines: { code: PriceLineCode; quantity: number; unitAmountCents: number; amountCents: number }[];
  premiumArea: boolean;
  premiumCents: number;
}

/** The part of a price result a payment keeps for its receipt. */
export function describeChargedBreakdown(result: PriceResult): ChargedBreakdown {
  return {
    lines: result.lines.map(({ code, quantity, unitAmountCents, amountCents }) => ({ code, quantity, unitAmountCents, amountCents })),
    premiumArea: result.premiumArea,
    premiumCents: result.premiumCents,
  };
}

/**
 * Maps any acreage to the tier it is priced at: an exact tier is itself, anything in between goes
 * up to the next tier (0.3 → '0.5'), anything above the largest tier is `'custom'`.
 *
 * @throws {RangeError} for zero, negative or NaN sizes (callers validate input first)
 */
export function resolveSizeTier(acres: number): SizeTier | 'custom' {
  if (!(acres > 0)) throw new RangeError(`propertySize must be a positive number, got ${acres}`);
  // Compare in thousandths so 0.1 + 0.2 style noise cannot push 0.75 into the 1-acre tier.
  const milliAcres = Math.round(acres * 1000);
  return SIZE_TIERS.find((tier) => milliAcres <= Math.round(Number(tier) * 1000)) ?? 'custom';
}

/** True when the address contains one of the table's premium-area keywords (case-insensitive). */
export function isPremiumAddress(address: string, priceTable: PriceTable): boolean {
  const haystack = address.toLowerCase().replace(/\s+/g, ' ');
  return priceTable.premiumArea.keywords.some((keyword) =>
    haystack.includes(keyword.toLowerCase().replace(/\s+/g, ' ')),
  );
}

/** Number of visits a service type books; 1 for anything that is not a multi-visit plan. */
export function countVisits(priceTable: PriceTable, serviceType: string): number {
  switch (serviceType) {
    case 'onetime':
    case 'seasonal':
    case 'tick-seasonal':
      return priceTable.plans[serviceType].visits;
    default:
      return 1;
  }
}

function makeLine(code: PriceLineCode, quantity: number, unitAmountCents: number): PriceLine {
  return {
    code,
    labelKey: `pricing.lines.${code}`,
    quantity,
    unitAmountCents,
    amountCents: quantity * unitAmountCents,
  };
}

function buildLines(input: PriceInput, table: PriceTable, tier: SizeTier): PriceLine[] {
  const { serviceType } = input;
  const { planBumpCents, surchargeCents } = table.sizes[tier];
  const bump = planBumpCents[serviceType];
  const lines: PriceLine[] = [];

  if (serviceType === 'onetime') {
    lines.push(makeLine('onetime-treatment', 1, table.plans.onetime.basePriceCents + bump));
    if (input.includeTick) lines.push(makeLine('tick-addon', 1, table.addOns.tick.onetimeCents));
    if (input.includeTargetedInsects) {
      const unit = table.addOns.targetedInsects.onetimeBaseCents + surchargeCents;
      lines.push(makeLine('targeted-insects-addon', 1, unit));
    }
  } else if (serviceType === 'seasonal') {
    const plan = table.plans.seasonal;
    lines.push(makeLine('seasonal-first-visit', 1, plan.firstVisitCents));
    lines.push(makeLine('seasonal-visits', plan.visits - 1, plan.perVisitCents + bump));
    if (input.includeTick) {
      const tick = table.addOns.tick;
      lines.push(makeLine('tick-addon', tick.seasonalVisits, tick.seasonalPerVisitCents + surchargeCents));
      lines.push(makeLine('tick-bundle-saving', 1, -tick.seasonalBundleSavingCents));
    }
    if (input.includeTargetedInsects) {
      lines.push(makeLine('targeted-insects-addon', 1, table.addOns.targetedInsects.seasonalFlatCents));
    }
  } else {
    const plan = table.plans['tick-seasonal'];
    lines.push(makeLine('tick-seasonal-visits', plan.visits, plan.perVisitCents + bump));
    // includeTick is ignored: the plan already is tick control (the checkbox is hidden).
    if (input.includeTargetedInsects) {
      lines.push(makeLine('targeted-insects-addon', 1, table.addOns.targetedInsects.seasonalFlatCents));
    }
  }

  // Each extra once, in the table's order, however often or in whatever order it was sent.
  for (const extra of EXTRA_CODES) {
    if (input.extras.includes(extra)) lines.push(makeLine(extra, 1, table.extras[extra]));
  }
  return lines;
}

/** Whole dollars, half-up, so the subtotal (and SPEC's integer `totalPrice`) stays whole dollars. */
function computeDiscountCents(discount: ApplicableDiscount, preTaxCents: number): number {
  const raw =
    discount.discountType === 'fixed'
      ? roundToWholeDollars(Math.round(discount.discountValue))
      : scaleToWholeDollars(preTaxCents, Math.min(Math.max(discount.discountValue, 0), 100) / 100);
  // A discount never makes the price negative.
  return Math.min(Math.max(raw, 0), preTaxCents);
}

/**
 * Prices a plan with its add-ons for an address: the single source of every amount that is
 * shown, stored or charged.
 *
 * A discount that does not apply to the plan is not applied; `result.discount` says why
 * (`reason: 'not-applicable'`) so the UI can explain it.
 *
 * @example
 * // One-time, 0.25 acre, Hamilton: 99.00 + 12.87 HST = 111.87
 * calculatePrice(
 *   { serviceType: 'onetime', propertySize: 0.25, includeTick: false,
 *     includeTargetedInsects: false, extras: [], address: '12 King St W, Hamilton' },
 *   { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
 * ).totalCents; // 11187
 *
 * @throws {RangeError} for a non-positive or NaN `propertySize`
 */
export function calculatePrice(input: PriceInput, context: PriceContext): PriceResult {
  const { priceTable, taxRate, discount } = context;
  const tier = resolveSizeTier(input.propertySize);
  const premiumArea = isPremiumAddress(input.address, priceTable);
  const visits = countVisits(priceTable, input.serviceType);

  if (tier === 'custom') {
    return {
      customQuote: true,
      sizeTier: null,
      lines: [],
      premiumArea,
      premiumCents: 0,
      preTaxCents: 0,
      discountCents: 0,
      discount: discount ? { code: discount.code, applied: false, reason: 'not-applicable' } : null,
      subtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
      totalPrice: 0,
      visits,
    };
  }

  const lines = buildLines(input, priceTable, tier);
  const baseCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const preTaxCents = premiumArea
    ? scaleToWholeDollars(baseCents, priceTable.premiumArea.multiplier)
    : roundToWholeDollars(baseCents);

  let discountOutcome: DiscountOutcome | null = null;
  let discountCents = 0;
  if (discount) {
    const applies = discount.appliesTo === null || discount.appliesTo.includes(input.serviceType);
    if (applies) {
      discountCents = computeDiscountCents(discount, preTaxCents);
      discountOutcome = { code: discount.code, applied: true, amountCents: discountCents };
    } else {
      discountOutcome = { code: discount.code, applied: false, reason: 'not-applicable' };
    }
  }

  const subtotalCents = preTaxCents - discountCents;
  const taxCents = applyRateHalfUp(subtotalCents, taxRate);
  return {
    customQuote: false,
    sizeTier: tier,
    lines,
    premiumArea,
    premiumCents: preTaxCents - baseCents,
    preTaxCents,
    discountCents,
    discount: discountOutcome,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    totalPrice: subtotalCents / 100,
    visits,
  };
}

/**
 * The branch's tax rate as the number a label puts before its percent sign, in the reader's number
 * format: 0.13 → "13", 0.135 → "13.5" (en) or "13,5" (de, fr, es). Messages keep their own sign and
 * spacing ("HST ({rate}%)", "TVH ({rate} %)"). Rates are whole basis points, so two decimals suffice.
 */
export function formatTaxRatePercent(taxRate: number, locale: string): string {
  // Through basis points so float noise (0.13 * 100 = 13.000000000000002) never shows.
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Math.round(taxRate * 10_000) / 100);
}

/**
 * Maps every spelling of a service type the site receives (DECISIONS §2) to its canonical value:
 * `tick` → `tick-seasonal` (booking form, planSelected event), `one-time` → `onetime`,
 * `standing-water` → `standingwater`. Returns null for anything unknown.
 */
export function normaliseServiceType(input: string | null | undefined): ServiceType | null {
  const key = (input ?? '').trim().toLowerCase().replace(/[\s_]+/g, '-');
  switch (key) {
    case 'onetime':
    case 'one-time':
      return 'onetime';
    case 'seasonal':
    case 'seasonal-mosquito':
      return 'seasonal';
    case 'tick':
    case 'tick-seasonal':
    case 'tickseasonal':
    case 'seasonal-tick':
      return 'tick-seasonal';
    case 'standingwater':
    case 'standing-water':
      return 'standingwater';
    case 'consult':
      return 'consult';
    default:
      return null;
  }
}

/** Narrows a service type to the three plans the engine prices. */
export function isPricedServiceType(value: string): value is PricedServiceType {
  return value === 'onetime' || value === 'seasonal' || value === 'tick-seasonal';
}

export type LotSizeLabel = 'small' | 'medium' | 'large';

/** SPEC §3's lot display label as a message code: ≤0.5 acre small, ≤1 medium, else large. */
export function lotSizeLabel(acres: number): LotSizeLabel {
  if (acres <= 0.5) return 'small';
  if (acres <= 1) return 'medium';
  return 'large';
}

/** SPEC §9's address keywords and their typical lot size, first match wins. Display only. */
const LOT_SIZE_KEYWORDS: readonly { keyword: string; acres: number }[] = [
  { keyword: 'ancaster', acres: 0.75 },
  { keyword: 'dundas', acres: 0.75 },
  { keyword: 'waterdown', acres: 0.6 },
  { keyword: 'downtown', acres: 0.3 },
  { keyword: 'central', acres: 0.3 },
  { keyword: 'mountain', acres: 0.5 },
  { keyword: 'rural', acres: 1 },
  { keyword: 'flamborough', acres: 1 },
];

export interface LotSizeEstimate {
  /** Estimated acres, or the caller's fallback, or null when neither is known. */
  estimatedAcres: number | null;
  /** The keyword that matched, or null. */
  matchedKeyword: string | null;
  label: LotSizeLabel | null;
  /**
   * next-intl key for the sentence (SPEC's `lotSizeDescription` / `lotSizeDisplay`);
   * params: `{ acres, keyword }`.
   */
  descriptionKey:
    | 'pricing.lotSize.fromAddress'
    | 'pricing.lotSize.fromSelection'
    | 'pricing.lotSize.unknown';
}

/**
 * Estimates the lot size from address keywords (SPEC §9). For display only: the price always
 * uses the size the customer picked. With no keyword, the selected size is echoed if given.
 */
export function describeLotSize(address: string, fallbackAcres?: number | null): LotSizeEstimate {
  const haystack = address.toLowerCase();
  const match = LOT_SIZE_KEYWORDS.find(({ keyword }) => haystack.includes(keyword));
  if (match) {
    return {
      estimatedAcres: match.acres,
      matchedKeyword: match.keyword,
      label: lotSizeLabel(match.acres),
      descriptionKey: 'pricing.lotSize.fromAddress',
    };
  }
  // 999 means "Acreage", not 999 acres: leave it to the UI's custom-quote wording.
  if (fallbackAcres != null && fallbackAcres > 0 && fallbackAcres !== CUSTOM_QUOTE_SIZE) {
    return {
      estimatedAcres: fallbackAcres,
      matchedKeyword: null,
      label: lotSizeLabel(fallbackAcres),
      descriptionKey: 'pricing.lotSize.fromSelection',
    };
  }
  return {
    estimatedAcres: null,
    matchedKeyword: null,
    label: null,
    descriptionKey: 'pricing.lotSize.unknown',
  };
}
