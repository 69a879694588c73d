import 'server-only';
import { getDb } from '@/db/client';
import { getBranch } from '@/features/branch/branch.service';
import { MIDSEASON_DISCOUNT, validateDiscountCode } from '@/features/pricing/discount';
import { findDiscountCode } from '@/features/pricing/discount.repository';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import type { CalculatorSettings } from './calculator-settings';

/**
 * The branch's pricing and schedule settings for the calculator preview: the same price context
 * `priceBooking` charges with, and the promo code as the database holds it right now.
 */
export async function loadCalculatorSettings(now = new Date()): Promise<CalculatorSettings> {
  const [branch, { priceTable, taxRate }, promoRow] = await Promise.all([
    getBranch(),
    loadPriceContext(),
    // The popup only ever hands out MIDSEASON; an inactive or used-up code is simply not previewed.
    getDb().then((db) => findDiscountCode(db, MIDSEASON_DISCOUNT.code)),
  ]);
  const promo = validateDiscountCode(promoRow, { now });
  return {
    priceTable,
    taxRate,
    currency: branch.currency,
    promoDiscounts: promo.ok ? [promo.discount] : [],
    schedule: scheduleRulesOf(branch),
    servedPrefixes: branch.settings.servedPrefixes,
  };
}
