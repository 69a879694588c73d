import 'server-only';
import { getBranch } from '@/features/branch/branch.service';
import { loadPriceContext, loadPromoDiscounts } from '@/features/pricing/pricing.service';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import type { PricingProps, ScheduleProps } from './booking-form';

/**
 * What a booking form needs from the branch to preview prices (promo code included), compute
 * fallback dates, and name the business in its promotional-email consent box.
 */
export async function loadBookingFormProps(): Promise<{ pricing: PricingProps; schedule: ScheduleProps; businessName: string }> {
  const [branch, priceContext, promoDiscounts] = await Promise.all([getBranch(), loadPriceContext(), loadPromoDiscounts()]);
  return {
    pricing: { ...priceContext, promoDiscounts },
    schedule: scheduleRulesOf(branch),
    businessName: branch.displayName,
  };
}
