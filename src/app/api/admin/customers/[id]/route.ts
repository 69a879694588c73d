import { CustomerContactSchema } from '@/features/staff-dashboard/dashboard.schema';
import { changeCustomerContact } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/**
 * PATCH (admins) `{ firstName, lastName, email, phone, address, city, postalCode }`: the office
 * corrects a customer's contact details. 409 when another customer has the email.
 */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'officeWork' });
  const contact = await parseJson(req, CustomerContactSchema);
  return changeCustomerContact(readRecordId(params.id), contact);
});
