import { NextResponse } from 'next/server';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { TechnicianInputSchema } from '@/features/technicians/technician.schema';
import { createTechnician, listTechniciansForOffice } from '@/features/technicians/technician.service';
import { apiRoute, parseJson } from '@/server/handler';

/** GET (admins): the branch's technicians, active and inactive, with the Friday working hours. */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'technicians' });
  return listTechniciansForOffice();
});

/** POST (admins) `{ name, color, shiftStart, shiftEnd, licenceNumber?, licenceExpiresOn? }`: adds an active technician (201). */
export const POST = apiRoute(async ({ req }) => {
  await requireStaff({ can: 'technicians' });
  const input = await parseJson(req, TechnicianInputSchema);
  return NextResponse.json(await createTechnician(input), { status: 201 });
});
