import 'server-only';
import { getDb, type DbExecutor } from '@/db/client';
import { findBranchWithSettings } from '@/features/branch/branch.repository';
import { DEFAULT_BRANCH_ID, getBranch } from '@/features/branch/branch.service';
import { AppError } from '@/lib/errors';
import { MIDSEASON_DISCOUNT, normaliseDiscountCode, validateDiscountCode, type ApplicableDiscount, type DiscountRejectionReason } from './discount';
import { findDiscountCode } from './discount.repository';
import { DEFAULT_PRICE_TABLE, EXTRA_CODES, mergePriceTable, type ExtraCode, type PriceTable } from './price-table';
import { calculatePrice, isPricedServiceType, normaliseServiceType, type PriceResult } from './pricing';

export type PriceBookingInput = {
  /** Any spelling `normaliseServiceType` knows ('tick' → 'tick-seasonal'); must be a priced plan. */
  serviceType: string;
  /** Acres; 999 (or anything above 2) is a custom quote. */
  propertySize: number;
  includeTick?: boolean;
  includeTargetedInsects?: boolean;
  extras?: readonly string[];
  address?: string | null;
  discountCode?: string | null;
};

export type DiscountSummary = {
  applied: boolean;
  /** The normalised code, when one was given. */
  code?: string;
  /** Why the code was not applied; translate with `pricing.discount.reason.<reason>`. */
  reason?: DiscountRejectionReason;
};

/** `taxRate`: the branch rate the result's HST was computed with (0.13 = 13%), for labels. */
export type PricedBooking = { result: PriceResult; discount: DiscountSummary; taxRate: number };

/**
 * The branch's table: seeded table (validated like an override) and then the branch's own overrides.
 * Pass `db` when calling inside a transaction: on embedded PGlite a query outside the open
 * transaction would wait for it forever.
 */
export async function loadPriceContext(branchId = DEFAULT_BRANCH_ID, db?: DbExecutor): Promise<{ priceTable: PriceTable; taxRate: number }> {
  const branch = db ? await findBranchWithSettings(db, branchId) : await getBranch(branchId);
  if (!branch) throw new Error(`branch ${branchId} is missing: has the database been seeded?`);
  const seeded = mergePriceTable(DEFAULT_PRICE_TABLE, branch.settings.priceTable ?? null);
  return { priceTable: mergePriceTable(seeded, branch.pricingOverrides ?? null), taxRate: branch.taxRateBps / 10_000 };
}

/**
 * The promo codes a page may price in the browser: the popup only ever hands out MIDSEASON, and only
 * while the database row says it is usable. The server re-validates every code it charges.
 */
export async function loadPromoDiscounts(now = new Date()): Promise<ApplicableDiscount[]> {
  const row = await findDiscountCode(await getDb(), MIDSEASON_DISCOUNT.code);
  const promo = validateDiscountCode(row, { now });
  return promo.ok ? [promo.discount] : [];
}

/**
 * The server's price for a booking or quote: the one engine on the branch's data, with the
 * discount code checked against the database. Everything stored or charged comes from here.
 *
 * @throws AppError('validation') for a service type that is not sold online or a bad size
 */
export async function priceBooking(
  input: PriceBookingInput,
  options: { now: Date; branchId?: number; /** The caller's transaction, if it has one open. */ db?: DbExecutor },
): Promise<PricedBooking> {
  const serviceType = normaliseServiceType(input.serviceType);
  if (!serviceType || !isPricedServiceType(serviceType)) {
    throw new AppError('validation', 'errors.validation', { fields: { serviceType: 'pricing.errors.serviceType' } });
  }
  if (!(input.propertySize > 0) || !Number.isFinite(input.propertySize)) {
    throw new AppError('validation', 'errors.validation', { fields: { propertySize: 'pricing.errors.propertySize' } });
  }
  const { priceTable, taxRate } = await loadPriceContext(options.branchId, options.db);

  let discount: ApplicableDiscount | null = null;
  let summary: DiscountSummary = { applied: false };
  const code = input.discountCode ? normaliseDiscountCode(input.discountCode) : '';
  if (code) {
    const row = await findDiscountCode(options.db ?? (await getDb()), code);
    const validation = validateDiscountCode(row, { now: options.now, serviceType });
    if (validation.ok) discount = validation.discount;
    else summary = { applied: false, code, reason: validation.reason };
  }

  const extras = (input.extras ?? []).filter((e): e is ExtraCode => (EXTRA_CODES as readonly string[]).includes(e));
  const result = calculatePrice(
    {
      serviceType,
      propertySize: input.propertySize,
      includeTick: input.includeTick ?? false,
      includeTargetedInsects: input.includeTargetedInsects ?? false,
      extras,
      address: input.address ?? '',
    },
    { priceTable, taxRate, discount },
  );
  if (discount) {
    summary = result.discount?.applied
      ? { applied: true, code }
      : { applied: false, code, reason: 'not-applicable' };
  }
  return { result, discount: summary, taxRate };
}
