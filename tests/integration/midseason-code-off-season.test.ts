/**
 * The MIDSEASON code at checkout, in and out of the popup's window (docs/decisions/0081): the popup
 * offers it only mid-season, but the code stays what DECISIONS §2 seeds (active, seasonal plan
 * only, $79 off), so a customer who claimed it in the summer and pays later is not refused. The
 * office ends it through its row (active, expiry), as for any code.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { discountCodes } from '@/db/schema/catalog';
import { findMidseasonOffer } from '@/features/marketing/midseason-offer';
import { loadPromoDiscounts, priceBooking } from '@/features/pricing/pricing.service';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { DEFAULT_SCHEDULE_RULES } from '@/features/scheduling/available-dates';

const rules = { ...DEFAULT_SCHEDULE_RULES, seasonalVisits: DEFAULT_PRICE_TABLE.plans.seasonal.visits };
const seasonal = { serviceType: 'seasonal', propertySize: 0.25, address: '12 King St W, Hamilton', discountCode: 'MIDSEASON' };

describe('MIDSEASON at checkout, whatever the season (0081)', () => {
  it.each([
    { when: 'late November, off-season', now: new Date('2026-11-25T15:00:00Z'), running: false },
    { when: 'July, mid-season', now: new Date('2026-07-08T15:00:00Z'), running: true },
    { when: 'September, too late for a seasonal plan this year', now: new Date('2026-09-09T15:00:00Z'), running: false },
  ])('takes 79.00 off a seasonal plan in $when', async ({ now, running }) => {
    expect(findMidseasonOffer(now, rules).running).toBe(running);
    const priced = await priceBooking(seasonal, { now });
    expect(priced.discount).toEqual({ applied: true, code: 'MIDSEASON' });
    // Seasonal 0.25 acre: 365.00 − 79.00 = 286.00 + 37.18 HST.
    expect(priced.result).toMatchObject({ subtotalCents: 28600, taxCents: 3718, totalCents: 32318 });
    expect((await loadPromoDiscounts(now)).map((d) => d.code)).toEqual(['MIDSEASON']);
  });

  it('stops when the office deactivates the code, as any code does', async () => {
    const db = await getDb();
    await db.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.code, 'MIDSEASON'));
    const priced = await priceBooking(seasonal, { now: new Date('2026-11-25T15:00:00Z') });
    expect(priced.discount).toEqual({ applied: false, code: 'MIDSEASON', reason: 'inactive' });
  });
});
