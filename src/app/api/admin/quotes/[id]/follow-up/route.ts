import { QuoteFollowUpSchema } from '@/features/quotes/quote.schema';
import { previewQuoteFollowUp, sendQuoteFollowUp } from '@/features/quotes/quote-follow-up.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins): what "Send again" would send now: to whom, in which language, at which total, or why not (docs/decisions/0059). */
export const GET = apiRoute<{ id: string }>(async ({ params, locale }) => {
  await requireStaff({ can: 'officeWork' });
  return previewQuoteFollowUp(readRecordId(params.id), { now: new Date(), locale });
});

/**
 * POST (admins) `{ expectedTotalCents }`: emails the quote to its customer again and records who
 * sent it; refused for a booked quote, an erased or unsubscribed customer, a lapsed inquiry, or
 * within 24 hours of the last email about it (docs/decisions/0059).
 */
export const POST = apiRoute<{ id: string }>(async ({ req, params, locale }) => {
  const session = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, QuoteFollowUpSchema);
  return sendQuoteFollowUp(readRecordId(params.id), input, { now: new Date(), locale, staff: session });
});
