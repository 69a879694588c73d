import { NextResponse } from 'next/server';
import { ProductInputSchema } from '@/features/application-records/product.schema';
import { createProduct, listProductsForOffice } from '@/features/application-records/product.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): the branch's pest control products, active and retired, with their record counts (docs/decisions/0042). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'products' });
  return listProductsForOffice();
});

/** POST (admins) `{ name, pcpNumber, unit }`: adds an active product (201). */
export const POST = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'products' });
  const input = await parseJson(req, ProductInputSchema);
  return NextResponse.json(await createProduct(input), { status: 201 });
});
