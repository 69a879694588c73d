import { renderSeasonOpenerPreview } from '@/features/marketing-email/season-opener.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';
import { apiRoute } from '@/server/handler';

/**
 * The season opener as HTML for /email-preview?email=season-opener (admins), with a made-up
 * customer. `?locale=` (the preview page's language) wins over the caller's cookie.
 */
export const GET = apiRoute(async ({ req, locale }) => {
  await requireStaff({ can: 'officeWork' });
  const asked = new URL(req.url).searchParams.get('locale');
  const email = await renderSeasonOpenerPreview({ now: new Date(), locale: isLocale(asked) ? asked : locale });
  return new Response(email.html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  });
});
