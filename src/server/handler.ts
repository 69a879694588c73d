import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { AppError, isAppError } from '@/lib/errors';
import { getLogger } from './logger';
import { getRequestLocale } from './request-locale';

export type HandlerContext<P> = { req: Request; params: P; locale: Locale };

/**
 * Wraps every route handler: resolves params and locale, maps AppError and validation errors to
 * translated JSON with the right status, and logs anything unexpected. Users never see a stack.
 * A handler returns a plain object (sent as JSON, 200) or its own Response.
 */
export function apiRoute<P extends Record<string, string> = Record<string, never>>(
  fn: (ctx: HandlerContext<P>) => Promise<unknown>,
) {
  return async (req: Request, segment: { params: Promise<P> }): Promise<Response> => {
    const locale = getRequestLocale(req);
    try {
      const params = segment?.params ? await segment.params : ({} as P);
      const result = await fn({ req, params, locale });
      return result instanceof Response ? result : NextResponse.json(result ?? { ok: true });
    } catch (error) {
      return errorResponse(error, locale, req);
    }
  };
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
    if (error.status >= 500) getLogger().error({ err: error, url: req?.url }, 'request failed');
    return NextResponse.json(body, { status: error.status });
  }
  getLogger().error({ err: error, url: req?.url }, 'unexpected error');
  const message = t('errors.generic');
  return NextResponse.json({ error: message, message, code: 'internal' }, { status: 500 });
}

/** Parses a JSON body against a schema; zod messages are translation keys ("validation.nameRequired"). */
export async function parseJson<T extends z.ZodType>(req: Request, schema: T): Promise<z.infer<T>> {
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    throw new AppError('bad_request', 'errors.invalidJson');
  }
  return parseWith(schema, raw);
}

export function parseWith<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'errors.invalidField';
  }
  throw new AppError('validation', 'errors.validation', { fields });
}
