import { BusinessDetailsSchema } from '@/features/business-details/business-details.schema';
import { getBusinessDetails, saveBusinessDetails } from '@/features/business-details/business-details.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): the legal name and GST/HST number receipts print, with the rest of their "Sold by" (docs/decisions/0044). */
export const GET = apiRoute(async () => {
  await requireStaff({ role: 'admin' });
  return { details: await getBusinessDetails() };
});

/** PUT (admins) `{ legalName, hstNumber }`: blank clears a field; a malformed number is a 400 beside its field. */
export const PUT = apiRoute(async ({ req }) => {
  await requireStaff({ role: 'admin' });
  const input = await parseJson(req, BusinessDetailsSchema);
  return saveBusinessDetails(input);
});
