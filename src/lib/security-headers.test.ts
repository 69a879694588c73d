import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security-headers';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

describe('securityHeaders', () => {
  it('allows no eval in production, and no framing by other sites', () => {
    const policy = contentSecurityPolicy({ dev: false });
    expect(policy).not.toContain('unsafe-eval');
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'self'");
    expect(directive(policy, 'object-src')).toBe("object-src 'none'");
    expect(directive(policy, 'base-uri')).toBe("base-uri 'self'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
  });

  it('lets Stripe\'s card form load, frame and call its API', () => {
    const policy = contentSecurityPolicy({ dev: false });
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
