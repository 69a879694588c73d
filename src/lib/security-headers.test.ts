import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, securityHeaders } from './security-headers';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
const sources = (policy: string, name: string) => directive(policy, name)?.split(' ').slice(1) ?? [];

describe('securityHeaders', () => {
  it('allows no eval in production, and no framing by other sites', () => {
    for (const policy of [contentSecurityPolicy({ dev: false }), contentSecurityPolicy({ dev: false, nonce: createNonce() })]) {
      expect(policy).not.toContain('unsafe-eval');
      expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
      expect(directive(policy, 'object-src')).toBe("object-src 'none'");
      expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
      expect(directive(policy, 'form-action')).toBe("form-action 'self'");
    }
  });

  it('lets Stripe\'s card form load, frame and call its API', () => {
    const policy = contentSecurityPolicy({ dev: false, nonce: createNonce() });
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(policy, 'connect-src')).toContain('https://api.stripe.com');
  });

  it('sends the browser protections every response needs', () => {
    const headers = Object.fromEntries(securityHeaders({ dev: false }).map((h) => [h.key, h.value]));
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'SAMEORIGIN',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': 'max-age=63072000',
    });
  });

  it('is what next.config.ts serves on every path', async () => {
    const { default: config } = await import('../../next.config');
    const rules = await config.headers!();
    const all = rules.find((r) => r.source === '/:path*');
    expect(all?.headers).toEqual(securityHeaders({ dev: false }));
  });
});

describe('the script policy (docs/decisions/0053)', () => {
  it('runs on a page only the scripts carrying its nonce and those they load; nothing inline otherwise', () => {
    const nonce = createNonce();
    const scripts = sources(contentSecurityPolicy({ dev: false, nonce }), 'script-src');
    expect(scripts.slice(0, 3)).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    // Kept for browsers without 'strict-dynamic': Stripe.js and the two pixels.
    expect(scripts).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://connect.facebook.net', 'https://www.googletagmanager.com']));
  });

  it('allows answers outside the proxy (API, static files) this site\'s script files only', () => {
    expect(directive(contentSecurityPolicy({ dev: false }), 'script-src')).toBe("script-src 'self'");
  });

  it('names this site for workers, so the day sheet\'s service worker registers under \'strict-dynamic\'', () => {
    for (const nonce of [createNonce(), undefined]) {
      expect(directive(contentSecurityPolicy({ dev: false, nonce }), 'worker-src')).toBe("worker-src 'self'");
    }
  });

  it('keeps eval in development only, with or without a nonce', () => {
    const nonce = createNonce();
    expect(sources(contentSecurityPolicy({ dev: true, nonce }), 'script-src')).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'", "'unsafe-eval'"]));
    expect(sources(contentSecurityPolicy({ dev: true }), 'script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(sources(contentSecurityPolicy({ dev: true, nonce }), 'script-src')).not.toContain("'unsafe-inline'");
  });

  it('keeps inline styles: React\'s style attributes and Radix\'s style elements', () => {
    expect(directive(contentSecurityPolicy({ dev: false, nonce: createNonce() }), 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
  });

  it('makes a new 128-bit nonce every time, in the characters a nonce-source allows', () => {
    const nonces = Array.from({ length: 50 }, createNonce);
    expect(new Set(nonces).size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
  });
});
