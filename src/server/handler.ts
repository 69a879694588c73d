import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getEnv } from '@/env';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { getLogger } from './logger';
import { getRequestLocale } from './request-locale';

export type HandlerContext<P> = { req: Request; params: P; locale: Locale };

/**
 * The most a handler reads of a request body: the largest form (a 5,000-character contact message)
 * is a few kilobytes. Next itself sets no limit on route handlers, so without this one request
 * could make the server hold a gigabyte. The Stripe webhook asks for more (`maxBodyBytes`).
 */
export const MAX_BODY_BYTES = 64 * 1024;

export type ApiRouteOptions = {
  maxBodyBytes?: number;
  /**
   * Accept state changes another site started: only for an endpoint whose key is in its address
   * and that reads no cookie (RFC 8058 one-click unsubscribe, which mail providers POST from
   * anywhere). Everything else keeps the cross-site check.
   */
  allowCrossSite?: boolean;
};

/**
 * Wraps every route handler: refuses a state change another site's page asked the browser for
 * (`isCrossSiteRequest`) and bodies over `MAX_BODY_BYTES` (413), resolves params and locale, maps
 * AppError and validation errors to translated JSON with the right status, and logs anything
 * unexpected. Users never see a stack. A handler returns a plain object (sent as JSON, 200) or its
 * own Response.
 */
export function apiRoute<P extends Record<string, string> = Record<string, never>>(
  fn: (ctx: HandlerContext<P>) => Promise<unknown>,
  options: ApiRouteOptions = {},
) {
  return async (req: Request, segment: { params: Promise<P> }): Promise<Response> => {
    const locale = getRequestLocale(req);
    try {
      if (!options.allowCrossSite && isCrossSiteRequest(req)) throw new AppError('forbidden', 'errors.crossSite');
      const limited = limitBody(req, options.maxBodyBytes ?? MAX_BODY_BYTES);
      const params = segment?.params ? await segment.params : ({} as P);
      const result = await fn({ req: limited, params, locale });
      return notStored(result instanceof Response ? result : NextResponse.json(result ?? { ok: true }));
    } catch (error) {
      return notStored(errorResponse(error, locale, req));
    }
  };
}

/**
 * API answers carry customers' details, quotes and payment states: no browser or proxy keeps a
 * copy (`no-store`), unless a handler chose its own caching.
 */
function notStored(res: Response): Response {
  if (!res.headers.has('cache-control')) {
    try {
      res.headers.set('cache-control', 'no-store');
    } catch {
      // A Response with immutable headers (passed through from fetch) keeps its own.
    }
  }
  return res;
}

export function errorResponse(error: unknown, locale: Locale, req?: Request): Response {
  const t = getTranslator(locale);
  if (isAppError(error)) {
    const message = t(error.messageKey, error.params ?? {});
    const fields = error.details?.fields as Record<string, string> | undefined;
    const body = {
      error: message,
      message,
      code: error.code,
      ...error.details,
      ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, t(v)])) } : {}),
    };
    if (error.status >= 500) getLogger().error({ err: error, method: req?.method, path: pathForLog(req?.url) }, 'request failed');
    return NextResponse.json(body, { status: error.status });
  }
  getLogger().error({ err: error, method: req?.method, path: pathForLog(req?.url) }, 'unexpected error');
  const message = t('errors.generic');
  return NextResponse.json({ error: message, message, code: 'internal' }, { status: 500 });
}

/** Parses a JSON body against a schema; zod messages are translation keys ("validation.nameRequired"). */
export async function parseJson<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch (error) {
    if (isAppError(error)) throw error; // the body was too large (`limitBody`)
    throw new AppError('bad_request', 'errors.invalidJson');
  }
  return parseWith(schema, raw);
}

export function parseWith<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  // PostgreSQL stores no NUL character in text or JSON: refused here as a bad field, not a 500.
  const nulAt = findNulCharacter(raw);
  if (nulAt !== null) throw new AppError('validation', 'errors.validation', { fields: { [nulAt || '_']: 'errors.invalidField' } });
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'errors.invalidField';
  }
  throw new AppError('validation', 'errors.validation', { fields });
}

/**
 * The path (`contact.name`, `items.0`) of the first string or key in `value` that holds a NUL
 * character, '' for `value` itself, or null when there is none. Walks without recursion, so
 * however deep a body nests it cannot overflow the stack.
 */
export function findNulCharacter(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request that changes something was started by another site's page: a form or script
 * on evil.example posting here with the visitor's cookies (CSRF). Browsers say where a request
 * comes from in `Sec-Fetch-Site`; older ones only in `Origin`, compared with this site's host.
 * Requests with neither (Stripe's webhook, curl, server-to-server) carry no visitor's cookies and
 * pass. A sibling subdomain ('same-site') is refused too: SameSite=Lax cookies would not stop it.
 */
export function isCrossSiteRequest(req: Request, siteUrl: string = getEnv().PUBLIC_SITE_URL): boolean {
  if (SAFE_METHODS.has(req.method.toUpperCase())) return false;
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = req.headers.get('origin');
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // 'null' (a sandboxed frame, a data: page) or garbage
  }
  const ownHosts = [
    new URL(req.url).host,
    req.headers.get('host'),
    req.headers.get('x-forwarded-host')?.split(',')[0]?.trim(),
    new URL(siteUrl).host,
  ];
  return !ownHosts.includes(originHost);
}

/**
 * The request with its body capped at `maxBytes`: a declared larger `Content-Length` is refused at
 * once, and a body sent in chunks stops being read at the limit. Either way the handler gets a
 * 413 ('payload_too_large') instead of a body.
 */
export function limitBody(req: Request, maxBytes: number): Request {
  if (!req.body) return req;
  const tooLarge = () => new AppError('payload_too_large', 'errors.payloadTooLarge', { maxBytes });
  const declared = Number(req.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  let seen = 0;
  const capped = req.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  }));
  return new Request(req, { body: capped, duplex: 'half' } as RequestInit);
}

/**
 * A request's path as the error log shows it: no query string (searches hold names and emails),
 * and every segment that is not a plain lower-case word or number (tokens, intent ids, emails,
 * postal codes) cut to its first four characters, so a log never holds a full secret link.
 */
export function pathForLog(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).pathname
      .split('/')
      .map((segment) => (/^[a-z0-9-]{0,40}$/.test(segment) ? segment : `${segment.slice(0, 4)}…`))
      .join('/');
  } catch {
    return undefined;
  }
}
