import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';

export default createMiddleware(routing);

export const config = {
  // Pages only: not the API, Next's assets, or static files.
  matcher: ['/((?!api|_next|_vercel|.*\\.(?:ico|png|jpg|jpeg|svg|webp|avif|gif|txt|xml|css|js|map|woff2?|ics)$).*)'],
};
