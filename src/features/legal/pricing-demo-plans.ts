import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';

/**
 * SPEC "Pricing demo": three cards with a 'From' price before HST. One-time and seasonal come
 * from the price table (99 per visit, 79 per visit); tick control is SPEC's marketing "$149 per
 * season". `serviceType` is what the landing page's quote calculator accepts as a prefill.
 */
export const PRICING_DEMO_PLANS = [
  { key: 'onetime', fromCents: DEFAULT_PRICE_TABLE.plans.onetime.basePriceCents, unit: 'perVisit', serviceType: 'onetime', popular: false },
  { key: 'seasonal', fromCents: DEFAULT_PRICE_TABLE.plans.seasonal.perVisitCents, unit: 'perVisit', serviceType: 'seasonal', popular: true },
  { key: 'tick', fromCents: 14_900, unit: 'perSeason', serviceType: 'tick-seasonal', popular: false },
] as const;

/** The landing page's quote section with the plan preselected, e.g. `/?serviceType=seasonal#quote`. */
export function buildOrderHref(homePath: string, serviceType: string): string {
  return `${homePath}?serviceType=${encodeURIComponent(serviceType)}#quote`;
}
