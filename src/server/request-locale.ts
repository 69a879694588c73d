import 'server-only';
import { getEnv } from '@/env';
import { isLocale, type Locale, routing } from '@/i18n/routing';

/** A cookie the request carries (`name` is one of ours: letters and underscores), or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const value = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(req.headers.get('cookie') ?? '')?.[1];
  return value === undefined || value === '' ? undefined : value;
}

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

/**
 * The caller's address, for rate limits. `X-Forwarded-For` is a list that anyone can start: each
 * proxy in front of the app appends the address it was called from, so only the entries added by
 * our own proxies can be believed. With `TRUSTED_PROXY_HOPS` proxies, the caller is that many
 * entries from the right. Next itself fills the header from the socket only when it is absent.
 */
export function getClientIp(req: Request, hops = getEnv().TRUSTED_PROXY_HOPS): string {
  const chain = (req.headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  if (hops > 0 && chain.length > 0) return chain[Math.max(0, chain.length - hops)]!;
  return req.headers.get('x-real-ip') || 'local';
}
