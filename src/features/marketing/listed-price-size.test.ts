import { describe, expect, it } from 'vitest';
import { calculatePrice } from '@/features/pricing/pricing';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { LOCALES } from '@/i18n/routing';

/**
 * The home page lists $99 a one-time visit and $79 a seasonal visit; the engine charges those for a
 * lot up to 1/4 acre, and more from 1/2 acre (DECISIONS §1). The words beside the listed prices say
 * so, instead of SPEC's "up to 3,000 sq ft" and "covers up to 1/2 acre" (0089).
 */
const price = (serviceType: 'onetime' | 'seasonal', propertySize: number) => calculatePrice(
  { serviceType, propertySize, includeTick: false, includeTargetedInsects: false, extras: [], address: '' },
  { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
).subtotalCents;

async function messages(locale: string) {
  const home = (await import(`../../../messages/${locale}/home.json`)).default as { pricing: { subtitle: string; plans: { onetime: { f1: string } } } };
  const city = (await import(`../../../messages/${locale}/city.json`)).default as { services: { onetime: { body: string } } };
  return { subtitle: home.pricing.subtitle, oneTimeCovers: home.pricing.plans.onetime.f1, cityOneTime: city.services.onetime.body };
}

describe('the size the listed prices are for', () => {
  it('is 1/4 acre in the engine: the listed prices there, more from 1/2 acre', () => {
    expect(price('onetime', 0.25)).toBe(DEFAULT_PRICE_TABLE.plans.onetime.basePriceCents);
    expect(price('onetime', 0.5)).toBeGreaterThan(DEFAULT_PRICE_TABLE.plans.onetime.basePriceCents);
    expect(price('seasonal', 0.5)).toBeGreaterThan(price('seasonal', 0.25));
  });

  it.each(LOCALES)('is the one the %s pricing section and city pages name', async (locale) => {
    const text = await messages(locale);
    expect(text.subtitle).toContain('1/4');
    expect(text.subtitle).not.toMatch(/3[\s\u202f.,]?000/);
    expect(text.oneTimeCovers).toContain('1/4');
    for (const line of Object.values(text)) expect(line).not.toContain('1/2');
  });
});
