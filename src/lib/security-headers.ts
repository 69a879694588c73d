/**
 * The headers every response carries (next.config.ts, docs/decisions/0022). Framework-free so the
 * policy can be unit-tested.
 *
 * The content security policy names every origin the site loads from: itself, Stripe's card form
 * (script, frames, API; docs.stripe.com "Content Security Policy"), and the two advertising pixels,
 * which load only when configured and accepted (DECISIONS §11).
 *
 * Scripts (docs/decisions/0053): a page's policy is made per request in src/proxy.ts with a fresh
 * nonce. Next reads it from the request's policy and puts it on its own scripts (the inline ones
 * that stream the page's data too); 'strict-dynamic' lets those scripts load others (the lazy
 * chunks, Stripe.js, the pixels), and modern browsers then ignore 'self' and the hosts, which stay
 * for browsers without 'strict-dynamic'. An inline script without the nonce never runs. Every page
 * already renders per request, so the nonce costs no static rendering. Responses the proxy does not
 * see (the API, static files) get the policy without a nonce from next.config.ts: `script-src
 * 'self'`, nothing inline. `eval` is allowed in development only (React's dev tools use it).
 *
 * Styles stay `'unsafe-inline'`: React's `style` props reach the server's HTML as style attributes,
 * which no nonce can cover (a nonce names elements), and Radix's dialogs insert `<style>` elements
 * at run time. A nonce in style-src would also switch `'unsafe-inline'` off.
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

/** A fresh nonce for one response: 128 random bits in base64, as CSP's nonce-source reads it. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy. With `nonce` (a page, through the proxy): scripts need the nonce or a nonce'd script
 * to load them. Without (API answers, static files): scripts from this site only, nothing inline.
 */
export function contentSecurityPolicy(options: { dev: boolean; nonce?: string }): string {
  const scripts = options.nonce
    ? ["'self'", `'nonce-${options.nonce}'`, "'strict-dynamic'", ...STRIPE.script, ...META_PIXEL.script, ...GOOGLE_ADS.script]
    : ["'self'"];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', [...scripts, ...(options.dev ? ["'unsafe-eval'"] : [])]],
    // Workers would otherwise follow script-src, where 'strict-dynamic' makes browsers ignore 'self'
    // (Chromium still lets a nonce'd script register one; not every browser need). The day sheet's
    // service worker (public/sw-day-sheet.js, 0048) is the site's only worker.
    ['worker-src', ["'self'"]],
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

/** Every response's headers (next.config.ts); the proxy replaces the policy on pages with its own. */
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
