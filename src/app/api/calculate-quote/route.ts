import { CalculateQuoteSchema } from '@/features/quotes/quote.schema';
import { calculateQuote } from '@/features/quotes/quote.service';
import { apiRoute, parseJson } from '@/server/handler';

/** The engine's price for the calculator (SPEC §7); the browser previews with the same module. */
export const POST = apiRoute(async ({ req, locale }) => {
  const input = await parseJson(req, CalculateQuoteSchema);
  return calculateQuote(input, { now: new Date(), locale });
});
