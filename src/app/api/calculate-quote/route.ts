import { CalculateQuoteSchema } from '@/features/quotes/quote.schema';
import { calculateQuote } from '@/features/quotes/quote.service';
import { apiRoute, parseJson } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

// Generous for a person changing options (the calculator previews in the browser and calls this
// rarely), tight enough that nobody can walk the discount-code space through it.
const PER_CLIENT = { points: 120, durationSec: 10 * 60 };

/** The engine's price for the calculator (SPEC §7); the browser previews with the same module. */
export const POST = apiRoute(async ({ req, locale }) => {
  await consumeRateLimit('calculate-quote-ip', getClientIp(req), PER_CLIENT);
  const input = await parseJson(req, CalculateQuoteSchema);
  return calculateQuote(input, { now: new Date(), locale });
});
