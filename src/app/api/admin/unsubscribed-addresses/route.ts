import { OfficeUnsubscribeSchema } from '@/features/marketing-email/marketing-email.schema';
import { readUnsubscribedSearchParam } from '@/features/marketing-email/unsubscribed-list';
import { loadUnsubscribedList, recordOfficeUnsubscribe } from '@/features/marketing-email/unsubscribed-list.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** GET (admins) `?q=`: the do-not-email list's newest entries holding `q`, how many in all, and those lately taken off it (0074). */
export const GET = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'officeWork' });
  return loadUnsubscribedList(readUnsubscribedSearchParam(new URL(req.url).searchParams.get('q')));
});

/**
 * POST (admins) `{ email, note? }`: the office records an unsubscribe the person asked for; 409 with
 * the date when the address is on the list already.
 */
export const POST = apiRoute(async ({ req, locale }) => {
  const staff = await requireStaff({ can: 'officeWork' });
  const input = await parseJson(req, OfficeUnsubscribeSchema);
  return recordOfficeUnsubscribe(input, { now: new Date(), staff, locale });
});
