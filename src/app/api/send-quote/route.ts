import { SendQuoteSchema } from '@/features/quotes/quote.schema';
import { sendQuote } from '@/features/quotes/quote.service';
import { AppError } from '@/lib/errors';
import { apiRoute, parseWith } from '@/server/handler';
import { consumeRateLimit } from '@/server/rate-limit';
import { getClientIp } from '@/server/request-locale';

// It mails any address it is given: a handful per visitor and per recipient an hour stops it being a spam cannon.
const PER_CLIENT = { points: 10, durationSec: 60 * 60 };
const PER_RECIPIENT = { points: 3, durationSec: 60 * 60 };
// However many addresses a sender spreads over, the site as a whole sends no more than this.
const SITE_WIDE = { points: 200, durationSec: 60 * 60 };

export const POST = apiRoute(async ({ req, locale }) => {
  await consumeRateLimit('send-quote-ip', getClientIp(req), PER_CLIENT);
  const raw: unknown = await req.json().catch(() => {
    throw new AppError('bad_request', 'errors.invalidJson');
  });
  // A filled honeypot is a bot: answer like a success and do nothing.
  const honeypot = (raw as { website?: unknown } | null)?.website;
  if (typeof honeypot === 'string' && honeypot.trim() !== '') return { ok: true, quoteId: null };
  const input = parseWith(SendQuoteSchema, raw);
  await consumeRateLimit('send-quote-recipient', input.email.toLowerCase(), PER_RECIPIENT);
  await consumeRateLimit('send-quote-site', 'all', SITE_WIDE);
  const { quoteId } = await sendQuote(input, { now: new Date(), locale });
  return { ok: true, quoteId };
});
