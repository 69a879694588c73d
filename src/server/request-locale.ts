import 'server-only';
import { isLocale, type Locale, routing } from '@/i18n/routing';

/** The language of an API call: the site's locale cookie, then an explicit header, then the browser's. */
export function getRequestLocale(req: Request): Locale {
  const cookie = req.headers.get('cookie') ?? '';
  const fromCookie = /(?:^|;\s*)NEXT_LOCALE=([a-z]{2})/.exec(cookie)?.[1];
  if (isLocale(fromCookie)) return fromCookie;
  const fromHeader = req.headers.get('x-locale');
  if (isLocale(fromHeader)) return fromHeader;
  const accept = req.headers.get('accept-language') ?? '';
  for (const part of accept.split(',')) {
    const primary = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return routing.defaultLocale;
}

export function getClientIp(req: Request): string {
  return req.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || req.headers.get('x-real-ip') || 'local';
}
