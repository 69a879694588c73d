import { ServedPrefixSwitchSchema } from '@/features/service-area/served-prefix.schema';
import { getServiceAreaSettings, switchServedPrefix } from '@/features/service-area/served-prefix.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (the owner): every served prefix with whether it is served, and the latest switches (docs/decisions/0088). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'serviceArea' });
  return getServiceAreaSettings();
});

/**
 * PATCH (the owner) `{ prefix: 'L0R2C', served: false }`: marks one listed prefix served or not
 * served; the answer is GET's. An unlisted prefix is a 404; the office and technicians get a 403.
 */
export const PATCH = apiRoute(async ({ req }) => {
  const staff = await requireStaff({ can: 'serviceArea' });
  const input = await parseJson(req, ServedPrefixSwitchSchema);
  return switchServedPrefix(input, staff);
});
