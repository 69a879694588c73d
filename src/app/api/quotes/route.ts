import { listQuotes } from '@/features/quotes/quote.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { apiRoute } from '@/server/handler';

/** The quotes admin list (SPEC /quotes-admin); staff only (DECISIONS §5). */
export const GET = apiRoute(async () => {
  await requireStaff({ can: 'officeWork' });
  return listQuotes();
});
