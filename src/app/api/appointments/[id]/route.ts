import { getPublicAppointment } from '@/features/booking/booking-queries.service';
import { apiRoute } from '@/server/handler';

// Public (the checkout reads the date): only non-personal fields (DECISIONS §5).
export const GET = apiRoute<{ id: string }>(async ({ params }) => getPublicAppointment(params.id));
