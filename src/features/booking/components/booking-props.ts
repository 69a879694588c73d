import 'server-only';
import { getBranch } from '@/features/branch/branch.service';
import { loadPriceContext } from '@/features/pricing/pricing.service';
import { scheduleRulesOf } from '@/features/scheduling/available-dates';
import type { PricingProps, ScheduleProps } from './booking-form';

/** What a booking form needs from the branch to preview prices and compute fallback dates. */
export async function loadBookingFormProps(): Promise<{ pricing: PricingProps; schedule: ScheduleProps }> {
  const [branch, pricing] = await Promise.all([getBranch(), loadPriceContext()]);
  return {
    pricing,
    schedule: scheduleRulesOf(branch),
  };
}
