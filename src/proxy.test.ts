import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import proxy from './proxy';

const nonceOf = (policy: string | null) => policy?.match(/script-src [^;]*'nonce-([A-Za-z0-9+/]+={0,2})'/)?.[1];

function visit(path: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(`http://localhost${path}`, { headers: { 'accept-language': 'en-CA', ...headers } }));
}

describe('proxy (docs/decisions/0053)', () => {
  it('gives a page a policy with a nonce of its own, on the response and on the request Next renders', () => {
    const response = visit('/fr/contact');
    const policy = response.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(nonce).toBeDefined();
    expect(policy).toContain("'strict-dynamic'");
    // What Next passes on as the page's request headers (NextResponse.next({ request: { headers } })).
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(response.headers.get('x-middleware-override-headers')?.split(',')).toContain('content-security-policy');
    expect(nonceOf(visit('/fr/contact').headers.get('content-security-policy'))).not.toBe(nonce);
  });

  it('keeps next-intl\'s routing: English rewritten under /en, a French browser sent to /fr, the cookie kept in step', () => {
    const english = visit('/contact');
    expect(new URL(english.headers.get('x-middleware-rewrite')!).pathname).toBe('/en/contact');
    expect(english.headers.get('x-middleware-request-content-security-policy')).toBe(english.headers.get('content-security-policy'));

    const french = visit('/', { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(french.status).toBe(307);
    expect(new URL(french.headers.get('location')!).pathname).toBe('/fr');
    expect(nonceOf(french.headers.get('content-security-policy'))).toBeDefined();

    // A page in another language than the one kept: the cookie follows the page.
    const switched = visit('/fr/contact', { cookie: 'NEXT_LOCALE=de' });
    expect(switched.cookies.get('NEXT_LOCALE')?.value).toBe('fr');
    expect(switched.headers.get('x-middleware-request-content-security-policy')).toBe(switched.headers.get('content-security-policy'));
  });
});
