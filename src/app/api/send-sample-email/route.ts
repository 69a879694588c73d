import { renderSampleQuoteEmail } from '@/features/quotes/quote.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';
import { apiRoute } from '@/server/handler';

/**
 * /email-preview's sample quote email as HTML; staff only (DECISIONS §5). `?locale=` (the preview
 * page's own language) wins over the caller's cookie, so /de/email-preview shows the German email.
 */
export const GET = apiRoute(async ({ req, locale }) => {
  await requireStaff({ can: 'officeWork' });
  const asked = new URL(req.url).searchParams.get('locale');
  const email = await renderSampleQuoteEmail({ now: new Date(), locale: isLocale(asked) ? asked : locale });
  return new Response(email.html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  });
});
