/**
 * What the browser needs to preview the same price and dates the server uses: the branch's merged
 * price table, tax rate, schedule settings and served postal prefixes. Plain JSON, built on the
 * server (`load-calculator-settings.ts`) and passed to the calculator island as a prop.
 */
import type { ApplicableDiscount } from '@/features/pricing/discount';
import type { PriceTable } from '@/features/pricing/price-table';
import type { ServedPrefix } from '@/features/service-area/postal-code';

export interface CalculatorSettings {
  priceTable: PriceTable;
  taxRate: number;
  currency: string;
  /** Codes the page may announce (MIDSEASON); the server re-validates every code it charges. */
  promoDiscounts: ApplicableDiscount[];
  schedule: {
    timezone: string;
    season: { startMonthDay: string; endMonthDay: string };
    leadDays: number;
    capacityPerFriday: number;
    intervalDays: number;
    /** Fridays closed to bookings when the page was made (a rain day, 0071): the fallback list leaves them out. */
    closedDates: string[];
  };
  servedPrefixes: ServedPrefix[];
  /** The branch's name, which the promotional-email consent box names (0043). */
  businessName: string;
  /** The branch's public phone, given to a visitor whose postal code is not served (0104); '' when none. */
  officePhone: string;
}
