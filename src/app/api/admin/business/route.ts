import { BusinessDetailsSchema } from '@/features/business-details/business-details.schema';
import { getBusinessDetails, saveBusinessDetails } from '@/features/business-details/business-details.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): the business details and their latest changes (docs/decisions/0044, 0076). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'businessDetails' });
  return getBusinessDetails();
});

/**
 * PUT (admins) every field of the screen: `{ legalName, hstNumber, phone, email, address, city,
 * province, postalCode }`. Blank clears the legal name or the number; anything malformed is a 400
 * with a translated message beside its field, and nothing is stored.
 */
export const PUT = apiRoute(async ({ req }) => {
  const staff = await requireStaff({ can: 'businessDetails' });
  const input = await parseJson(req, BusinessDetailsSchema);
  return saveBusinessDetails(input, staff);
});
