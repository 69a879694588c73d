import createMiddleware from 'next-intl/middleware';
import type { NextRequest } from 'next/server';
import { getEnv } from './env';
import { routing } from './i18n/routing';
import { contentSecurityPolicy, createNonce } from './lib/security-headers';

const routeLocale = createMiddleware(routing);

/**
 * Every page request: next-intl's locale routing (redirects, the locale cookie, rewrites), and the
 * page's content security policy with a nonce of its own (docs/decisions/0053).
 */
export default function proxy(request: NextRequest) {
  const policy = contentSecurityPolicy({ dev: getEnv().NODE_ENV === 'development', nonce: createNonce() });
  // On the request, Next finds the nonce there and puts it on the page's scripts. next-intl passes
  // the request's headers on to the page whether it rewrites or not.
  request.headers.set('content-security-policy', policy);
  const response = routeLocale(request);
  // Replaces next.config.ts's policy, which has no nonce.
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  // Pages only: not the API, Next's assets, or static files.
  matcher: ['/((?!api|_next|_vercel|.*\\.(?:ico|png|jpg|jpeg|svg|webp|avif|gif|txt|xml|css|js|map|woff2?|ics)$).*)'],
};
