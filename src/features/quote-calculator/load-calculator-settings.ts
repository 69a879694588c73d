import 'server-only';
import { getBranch } from '@/features/branch/branch.service';
import { loadPriceContext, loadPromoDiscounts } from '@/features/pricing/pricing.service';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import { listClosedFridays } from '@/features/scheduling/day-closure.service';
import type { CalculatorSettings } from './calculator-settings';

/**
 * The branch's pricing and schedule settings for the calculator preview: the same price context
 * `priceBooking` charges with, and the promo code as the database holds it right now.
 */
export async function loadCalculatorSettings(now = new Date()): Promise<CalculatorSettings> {
  const [branch, { priceTable, taxRate }, promoDiscounts, closedDates] = await Promise.all([
    getBranch(),
    loadPriceContext(),
    // An inactive or used-up code is simply not previewed.
    loadPromoDiscounts(now),
    listClosedFridays({ now }),
  ]);
  return {
    priceTable,
    taxRate,
    currency: branch.currency,
    promoDiscounts,
    // With the Fridays a rain day closed, which the calculator's own list leaves out (0072).
    schedule: { ...scheduleRulesOf(branch), closedDates },
    servedPrefixes: branch.settings.servedPrefixes,
    businessName: branch.displayName,
    officePhone: branch.phone,
  };
}
