import type { Database } from '@/db/client';
import { quotes } from '@/db/schema/quotes';
import { DEFAULT_PRICE_TABLE } from '@/features/pricing/price-table';
import { calculatePrice } from '@/features/pricing/pricing';

/**
 * Quotes asked for days ago, for the journeys that follow one up from /quotes-admin: a quote may
 * be emailed again only 24 hours after its own email (docs/decisions/0059), and every quote a
 * journey can ask for is new. `global-setup.ts` writes them before the server starts, priced by
 * the engine on the seeded table as `POST /api/send-quote` would have. Each journey takes its own.
 */
export const PAST_QUOTES = [
  { name: 'Quinn Followup', email: 'quinn.followup@example.com', locale: 'fr', daysAgo: 3 },
] as const;

/**
 * Someone who asked for more quotes than a customer page lists (50, 0068), and a neighbour whose
 * address contains theirs, which a word search for it also finds (0073's exact address filter).
 */
export const MANY_QUOTES = { email: 'rowan.many@example.com', count: 51, neighbour: 'xrowan.many@example.com' } as const;

/**
 * A quote sent to Vineland (L0R 2C4) while it was served, for the journey where the owner stops
 * serving it afterwards (docs/decisions/0096): /quotes-admin flags it and its link says so in French.
 */
export const VINELAND_QUOTE = { name: 'Vivienne Vignoble', email: 'vivienne.vignoble@example.com', token: 'vineland-quote-token-abcdefghijkl' } as const;

export async function insertPastQuotes(db: Database, now = new Date()): Promise<void> {
  for (const [i, past] of PAST_QUOTES.entries()) {
    const address = '15 Bay St S';
    const priced = calculatePrice(
      { serviceType: 'onetime', propertySize: 0.25, includeTick: false, includeTargetedInsects: false, extras: [], address: `${address}, Hamilton` },
      { priceTable: DEFAULT_PRICE_TABLE, taxRate: 0.13 },
    );
    const createdAt = new Date(now.getTime() - past.daysAgo * 24 * 3_600_000);
    await db.insert(quotes).values({
      token: `past-quote-token-${i}-abcdefghijkl`, customerName: past.name, customerEmail: past.email, customerPhone: '905-555-0199',
      serviceType: 'onetime', propertySize: 0.25, address, city: 'Hamilton', postalCode: 'L8P 3H7',
      totalPrice: priced.totalPrice, subtotalCents: priced.subtotalCents, taxCents: priced.taxCents, totalCents: priced.totalCents,
      breakdown: { lines: priced.lines, premiumCents: priced.premiumCents, discountCents: priced.discountCents, customQuote: false, visits: priced.visits },
      status: 'sent', locale: past.locale, createdAt, updatedAt: createdAt,
    });
  }
  await db.insert(quotes).values({
    token: VINELAND_QUOTE.token, customerName: VINELAND_QUOTE.name, customerFirstName: 'Vivienne', customerLastName: 'Vignoble', customerEmail: VINELAND_QUOTE.email,
    customerPhone: '905-555-0197', serviceType: 'onetime', propertySize: 0.25, address: '4100 Victoria Ave', city: 'Vineland', postalCode: 'L0R 2C4',
    totalPrice: 99, subtotalCents: 9900, taxCents: 1287, totalCents: 11_187, status: 'sent', locale: 'fr',
  });
  const many = [...Array.from({ length: MANY_QUOTES.count }, () => MANY_QUOTES.email), MANY_QUOTES.neighbour];
  await db.insert(quotes).values(many.map((email, i) => {
    const createdAt = new Date(now.getTime() - (60 - i) * 24 * 3_600_000);
    return {
      token: `many-quotes-token-${i}-abcdefghijkl`, customerName: 'Rowan Many', customerEmail: email, customerPhone: '905-555-0198',
      serviceType: 'onetime', propertySize: 0.25, address: '20 Bay St S', city: 'Hamilton', postalCode: 'L8P 3H7',
      totalPrice: 99, subtotalCents: 9900, taxCents: 1287, totalCents: 11_187, status: 'sent', locale: 'en', createdAt, updatedAt: createdAt,
    };
  }));
}
