import { ProductChangeSchema } from '@/features/application-records/product.schema';
import { changeProduct, deleteProduct } from '@/features/application-records/product.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { readRecordId } from '@/lib/route-param';
import { apiRoute, parseJson } from '@/server/handler';

/** PATCH (admins) any of `{ name, pcpNumber, unit }`, and/or `{ isActive }` to retire or offer again (docs/decisions/0042). */
export const PATCH = apiRoute<{ id: string }>(async ({ req, params }) => {
  await requireStaff({ can: 'products' });
  const change = await parseJson(req, ProductChangeSchema);
  return changeProduct(readRecordId(params.id), change);
});

/** DELETE (admins): a product no application record names (entered by mistake); 409 for one that is recorded. */
export const DELETE = apiRoute<{ id: string }>(async ({ params }) => {
  await requireStaff({ can: 'products' });
  return deleteProduct(readRecordId(params.id));
});
