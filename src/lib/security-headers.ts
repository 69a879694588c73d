/**
 * The headers every response carries (next.config.ts, docs/decisions/0022). Framework-free so the
 * policy can be unit-tested.
 *
 * The content security policy names every origin the site loads from: itself, Stripe's card form
 * (script, frames, API; docs.stripe.com "Content Security Policy"), and the two advertising pixels,
 * which load only when configured and accepted (DECISIONS §11). Scripts may be inline because the
 * App Router streams its page data in inline scripts; a nonce instead would make every page render
 * per request. `eval` is allowed in development only (React's dev tools use it).
 */
export type HeaderPair = { key: string; value: string };

const STRIPE = { script: ['https://js.stripe.com', 'https://*.js.stripe.com'], frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'], img: ['https://*.stripe.com'] };
const META_PIXEL = { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] };
const GOOGLE_ADS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.google.com', 'https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.googletagmanager.com'],
  img: ['https://www.google.com', 'https://www.google.ca', 'https://googleads.g.doubleclick.net', 'https://www.googletagmanager.com'],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};

export function contentSecurityPolicy(options: { dev: boolean }): string {
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'unsafe-inline'", ...(options.dev ? ["'unsafe-eval'"] : []), ...STRIPE.script, ...META_PIXEL.script, ...GOOGLE_ADS.script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...STRIPE.img, ...META_PIXEL.img, ...GOOGLE_ADS.img]],
    ['font-src', ["'self'", 'data:']],
    // The development server's live reload talks over a WebSocket to the page's own host.
    ['connect-src', ["'self'", ...(options.dev ? ['ws:', 'wss:'] : []), ...STRIPE.connect, ...META_PIXEL.connect, ...GOOGLE_ADS.connect]],
    ['frame-src', ["'self'", ...STRIPE.frame, ...GOOGLE_ADS.frame]],
    // Only this site may frame its pages (/email-preview frames the sample email); no clickjacking.
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function securityHeaders(options: { dev: boolean }): HeaderPair[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    // For browsers that predate frame-ancestors.
    { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    // Quote links carry their token in the query: other sites see the origin only.
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // Browsers honour this only on a response that came over HTTPS (RFC 6797 §8.1), so plain-HTTP
    // local runs are unaffected; behind HTTPS the site stays HTTPS for two years.
    { key: 'Strict-Transport-Security', value: 'max-age=63072000' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), usb=()' },
  ];
}
