import { renderSampleQuoteEmail } from '@/features/quotes/quote.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

/** /email-preview's sample quote email as HTML; staff only (DECISIONS §5). */
export const GET = apiRoute(async ({ locale }) => {
  await requireStaff({ role: 'admin' });
  const email = await renderSampleQuoteEmail({ now: new Date(), locale });
  return new Response(email.html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  });
});
