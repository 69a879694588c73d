import { RequestLinkSchema } from '@/features/manage-booking/manage-booking.schema';
import { requestManageLinks } from '@/features/manage-booking/request-link';
import { getTranslator } from '@/i18n/messages';
import { isLocale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { apiRoute, parseWith } from '@/server/handler';
import { getClientIp } from '@/server/request-locale';

/**
 * "Find your booking" (decision 0032): `{ ok: true, message }`, the same whether or not the
 * address has bookings, and for a filled honeypot, so it tells nobody who books with us.
 */
export const POST = apiRoute(async ({ req, locale: requestLocale }) => {
  const raw: unknown = await req.json().catch((error: unknown) => {
    if (isAppError(error)) throw error; // the body was too large (`limitBody`)
    throw new AppError('bad_request', 'errors.invalidJson');
  });
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as { website?: unknown; locale?: unknown };
  // The email goes out in the language of the page it was asked from.
  const locale = isLocale(body.locale) ? body.locale : requestLocale;
  const answer = { ok: true, message: getTranslator(locale, 'manageBooking')('request.sent') };
  if (typeof body.website === 'string' && body.website.trim() !== '') return answer;
  const input = parseWith(RequestLinkSchema, raw);
  await requestManageLinks({ email: input.email, locale }, { clientIp: getClientIp(req) });
  return answer;
});
