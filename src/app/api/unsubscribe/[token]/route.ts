import { localePath } from '@/components/site/locale-paths';
import { unsubscribeByToken } from '@/features/marketing-email/consent.service';
import { getTranslator } from '@/i18n/messages';
import { toLocale } from '@/i18n/routing';
import { AppError } from '@/lib/errors';
import { readRouteParam } from '@/lib/route-param';
import { apiRoute } from '@/server/handler';

/** The form fields of a POST, when it has any (the page's button, RFC 8058's `List-Unsubscribe=One-Click`). */
async function readForm(req: Request): Promise<FormData | null> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) return null;
  return req.formData().catch(() => null);
}

/**
 * POST: unsubscribes the token's customer from promotional email (docs/decisions/0043), or a quote
 * email's address from quote follow-ups and promotional email (0066); idempotent.
 * - RFC 8058 one-click, from the List-Unsubscribe header: the mail provider POSTs here (from its
 *   own servers, or another site's page: the cross-site check is off, the token is the key and no
 *   cookie is read). 200 `{ ok, message }`, or 404 with the translated "link does not work".
 * - The unsubscribe page's button (`source=page`, no JavaScript needed): 303 back to the page,
 *   which then shows the confirmation, or the bad-link card.
 */
export const POST = apiRoute<{ token: string }>(async ({ req, params, locale }) => {
  const token = readRouteParam(params.token);
  const form = await readForm(req);
  const fromPage = form?.get('source') === 'page';
  // The office's list says how each address asked (0074): the page's button, or the mail program's one-click.
  const result = await unsubscribeByToken(token, new Date(), fromPage ? 'link' : 'one-click');
  if (fromPage) {
    const pageLocale = toLocale(form.get('locale'));
    return new Response(null, { status: 303, headers: { location: localePath(pageLocale, `/unsubscribe/${encodeURIComponent(token)}`) } });
  }
  if (!result) throw new AppError('not_found', 'marketingEmail.unsubscribe.invalid');
  return { ok: true, message: getTranslator(locale, 'marketingEmail.unsubscribe')('done') };
}, { allowCrossSite: true });
