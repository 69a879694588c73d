import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';

const logged = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('./logger', () => ({ getLogger: () => ({ error: (fields: Record<string, unknown>) => logged.push(fields) }) }));

const { apiRoute, errorResponse, findNulCharacter, isCrossSiteRequest, parseWith, pathForLog } = await import('./handler');
const { z } = await import('zod');

const post = (headers: Record<string, string>, url = 'http://localhost:3000/api/messages') => new Request(url, { method: 'POST', headers, body: '{}' });
const SITE = 'https://escarpmentmosquito.ca';

describe('isCrossSiteRequest', () => {
  it('trusts the browser\'s Sec-Fetch-Site: only this origin (or the visitor typing) may change things', () => {
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-origin' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'none' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    // A sibling subdomain shares SameSite=Lax cookies: refused as well.
    expect(isCrossSiteRequest(post({ 'sec-fetch-site': 'same-site', origin: 'https://shop.escarpmentmosquito.ca' }), SITE)).toBe(true);
  });

  it('falls back to Origin for browsers without Sec-Fetch-Site: this host, behind a proxy too, or the configured site', () => {
    expect(isCrossSiteRequest(post({ origin: 'http://localhost:3000' }), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ origin: SITE }, 'http://127.0.0.1:3000/api/messages'), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ origin: 'https://shop.example', 'x-forwarded-host': 'shop.example' }, 'http://127.0.0.1:3000/api/messages'), SITE)).toBe(false);
    expect(isCrossSiteRequest(post({ origin: 'https://evil.example' }), SITE)).toBe(true);
    expect(isCrossSiteRequest(post({ origin: 'null' }), SITE)).toBe(true);
  });

  it('lets through callers that are not browsers (Stripe\'s webhook, curl) and every read', () => {
    expect(isCrossSiteRequest(post({}), SITE)).toBe(false);
    expect(isCrossSiteRequest(new Request('http://localhost/api/quotes', { headers: { 'sec-fetch-site': 'cross-site' } }), SITE)).toBe(false);
  });
});

describe('pathForLog', () => {
  it('keeps the route\'s words and record numbers, cuts secrets and personal data, drops the query', () => {
    expect(pathForLog('http://localhost/api/quotes/by-token/Q7wKp2xZr9TtYb3mN0aLcVd8eFgHiJkL')).toBe('/api/quotes/by-token/Q7wK…');
    expect(pathForLog('http://localhost/api/customers/email/olivia%40example.com')).toBe('/api/customers/email/oliv…');
    expect(pathForLog('http://localhost/api/admin/customers?q=olivia%20tremblay')).toBe('/api/admin/customers');
    expect(pathForLog('http://localhost/api/admin/appointments/42/dates')).toBe('/api/admin/appointments/42/dates');
    expect(pathForLog(undefined)).toBeUndefined();
  });

  it('is what the error log gets, never the whole address', async () => {
    logged.length = 0;
    const req = new Request('http://localhost/api/quotes/by-token/Q7wKp2xZr9TtYb3mN0aLcVd8eFgHiJkL?x=1');
    errorResponse(new Error('database down'), 'en', req);
    errorResponse(new AppError('unavailable', 'errors.generic'), 'en', req);
    expect(logged.map((f) => [f.method, f.path, 'url' in f])).toEqual([['GET', '/api/quotes/by-token/Q7wK…', false], ['GET', '/api/quotes/by-token/Q7wK…', false]]);
    expect(JSON.stringify(logged)).not.toContain('Q7wKp2xZr9TtYb3mN0aLcVd8eFgHiJkL');
  });
});

describe('apiRoute', () => {
  it('answers a handler\'s crash with the generic message: no stack, no SQL', async () => {
    const route = apiRoute(async () => {
      throw new Error('duplicate key value violates unique constraint "customers_email_key" at select * from customers');
    });
    const res = await route(new Request('http://localhost/api/x'), { params: Promise.resolve({}) });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Something went wrong. Please try again.', message: 'Something went wrong. Please try again.', code: 'internal' });
  });

  it('tells browsers and proxies to keep no copy of an answer or an error, unless the handler chose its own caching', async () => {
    const ctx = { params: Promise.resolve({}) };
    const answers = [
      await apiRoute(async () => ({ email: 'customer@example.com' }))(new Request('http://localhost/api/x'), ctx),
      await apiRoute(async () => { throw new AppError('not_found', 'errors.notFound'); })(new Request('http://localhost/api/x'), ctx),
      await apiRoute(async () => new Response('<p>sample</p>', { headers: { 'content-type': 'text/html' } }))(new Request('http://localhost/api/x'), ctx),
    ];
    expect(answers.map((res) => res.headers.get('cache-control'))).toEqual(['no-store', 'no-store', 'no-store']);
    const cached = await apiRoute(async () => new Response('{}', { headers: { 'cache-control': 'public, max-age=60' } }))(new Request('http://localhost/api/x'), ctx);
    expect(cached.headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('NUL characters (PostgreSQL stores none)', () => {
  it('finds one in any string or key, however deep, and says where', () => {
    expect(findNulCharacter({ name: 'Ann', contact: { phones: ['905', 'a\u0000b'] } })).toBe('contact.phones.1');
    expect(findNulCharacter({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findNulCharacter('\u0000')).toBe('');
    expect(findNulCharacter({ name: 'Ann', n: 1, ok: true, none: null })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulCharacter(deep)).toMatch(/^0(\.0)*$/);
  });

  it('makes parseWith refuse the field as invalid (a 400) before the schema runs', () => {
    const error = (() => {
      try {
        parseWith(z.object({ name: z.string() }), { name: 'Ann\u0000e' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'validation', details: { fields: { name: 'errors.invalidField' } } });
  });
});
