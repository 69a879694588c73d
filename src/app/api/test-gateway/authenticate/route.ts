import { completeTestAuthentication } from '@/features/payments/payment.service';
import { TestAuthenticationSchema } from '@/features/payments/payment.schema';
import { apiRoute, parseJson } from '@/server/handler';

export const dynamic = 'force-dynamic';

/** Completes or fails the test gateway's 3-D Secure style step. */
export const POST = apiRoute(async ({ req }) => completeTestAuthentication(await parseJson(req, TestAuthenticationSchema)));
