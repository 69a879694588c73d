import 'server-only';
import { getBranch } from '@/features/branch/branch.service';
import { loadPriceContext, loadPromoDiscounts } from '@/features/pricing/pricing.service';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import { listClosedFridays } from '@/features/scheduling/day-closure.service';
import type { PricingProps, ScheduleProps } from './booking-form';

/**
 * What a booking form needs from the branch to preview prices (promo code included), compute
 * fallback dates, and name the business in its promotional-email consent box.
 */
export async function loadBookingFormProps(): Promise<{ pricing: PricingProps; schedule: ScheduleProps; businessName: string }> {
  const [branch, priceContext, promoDiscounts, closedDates] = await Promise.all([getBranch(), loadPriceContext(), loadPromoDiscounts(), listClosedFridays()]);
  return {
    pricing: { ...priceContext, promoDiscounts },
    // The Fridays a rain day closed: the form's own list, used when the server's cannot be read, leaves them out (0072).
    schedule: { ...scheduleRulesOf(branch), closedDates },
    businessName: branch.displayName,
  };
}
