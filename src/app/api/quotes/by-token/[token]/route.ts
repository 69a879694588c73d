import { findQuoteByToken } from '@/features/quotes/quote.service';
import { apiRoute } from '@/server/handler';

/** /book-quote loads the quote by the secret token from its email link; 404 'Invalid Quote Link' otherwise. */
export const GET = apiRoute<{ token: string }>(async ({ params }) => {
  return findQuoteByToken(params.token ?? '');
});
