import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AbstractIntlMessages } from 'next-intl';
import { createTranslator } from 'next-intl';
import { getEnv } from '@/env';
import { type Locale, routing } from './routing';

/**
 * Messages live in messages/<locale>/<namespace>.json, one namespace per feature, so features
 * can be translated side by side. A key missing in a language falls back to English.
 */
type Messages = Record<string, AbstractIntlMessages>;
const cache = new Map<Locale, Messages>();

function readLocale(locale: Locale): Messages {
  const dir = path.join(process.cwd(), 'messages', locale);
  const out: Messages = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    out[path.basename(file, '.json')] = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as AbstractIntlMessages;
  }
  return out;
}

function mergeDeep(base: AbstractIntlMessages, over: AbstractIntlMessages): AbstractIntlMessages {
  const out: AbstractIntlMessages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = prev && typeof prev === 'object' && typeof value === 'object' ? mergeDeep(prev, value) : value;
  }
  return out;
}

export function loadMessages(locale: Locale): Messages {
  const hit = cache.get(locale);
  if (hit) return hit;
  const english = readLocale(routing.defaultLocale);
  const messages = locale === routing.defaultLocale ? english : (mergeDeep(english, readLocale(locale)) as Messages);
  // Cached in a built app; re-read in development so edited translations show on reload.
  if (getEnv().NODE_ENV === 'production') cache.set(locale, messages);
  return messages;
}

/** Only the namespaces a client island needs, to keep the page's JavaScript small. */
export function pickMessages(locale: Locale, namespaces: readonly string[]): Messages {
  const all = loadMessages(locale);
  return Object.fromEntries(namespaces.filter((ns) => ns in all).map((ns) => [ns, all[ns]!]));
}

export type Translate = (key: string, values?: Record<string, string | number | Date>) => string;

/** A translator outside React (route handlers, emails). Keys are plain strings here. */
export function getTranslator(locale: Locale, namespace?: string): Translate {
  return createTranslator({
    locale,
    messages: loadMessages(locale),
    namespace,
    onError: () => {},
    getMessageFallback: ({ namespace: ns, key }) => (ns ? `${ns}.${key}` : key),
  }) as unknown as Translate;
}
