/**
 * Word choices the public site keeps the same everywhere (decision 0023): what a native reader in
 * the Canadian market expects, checked over the message files of the public pages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/i18n/routing';

const MESSAGES = path.resolve(__dirname, '../../../messages');

/** The namespaces an anonymous visitor reads on the landing, city, contact, pricing and legal pages. */
const PUBLIC_NAMESPACES = ['home', 'calculator', 'city', 'contactForm', 'legal', 'pricingDemo', 'promo', 'serviceArea', 'seo', 'site'];

function read(locale: string, namespace: string): unknown {
  return JSON.parse(readFileSync(path.join(MESSAGES, locale, `${namespace}.json`), 'utf8'));
}

/** Every string in a message tree, with its key path. */
function strings(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${at}.${k}`, out);
  return out;
}

const matching = (locale: string, namespaces: string[], pattern: RegExp) =>
  namespaces.flatMap((ns) => strings(read(locale, ns), `${locale}/${ns}`)).filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`);

describe('wording on the public pages', () => {
  it('Spanish calls the treated yard "patio" (North American usage), never "jardín"', () => {
    // "jardín" reads as a flower garden; gardening ("jardinería") and vegetable gardens ("huerto") are other words.
    expect(matching('es', PUBLIC_NAMESPACES, /\bjard[ií]n(es)?\b/i)).toEqual([]);
  });

  it('Spanish keeps to one (Latin American) register: "costo", not Spain\'s "coste" or "Agencia Tributaria"', () => {
    expect(matching('es', PUBLIC_NAMESPACES, /\bcostes?\b|Agencia Tributaria/)).toEqual([]);
  });

  it('German says "betreuen" or "tätig sein" for the areas served, not the stiff "bedienen"', () => {
    expect(matching('de', PUBLIC_NAMESPACES, /\bbedien/i)).toEqual([]);
  });

  it('German never uses the tender term "Angebotssumme" for a quote total, in any namespace', () => {
    const all = readdirSync(path.join(MESSAGES, 'de')).map((file) => file.replace(/\.json$/, ''));
    expect(matching('de', all, /Angebotssumme/)).toEqual([]);
  });

  it.each(LOCALES)('%s: the footer links name the legal pages by their own titles', (locale) => {
    const site = read(locale, 'site') as { footer: { privacy: string; terms: string } };
    const legal = read(locale, 'legal') as { privacy: { title: string }; terms: { title: string } };
    expect(site.footer.privacy).toBe(legal.privacy.title);
    expect(site.footer.terms).toBe(legal.terms.title);
  });

  it.each(LOCALES)('%s: the direct-purchase toast names the service in a sentence that reads right for each service', (locale) => {
    const home = read(locale, 'home') as { directBuy: { body: string; services: Record<string, string> } };
    for (const service of Object.values(home.directBuy.services)) {
      const sentence = home.directBuy.body.replace('{service}', service);
      // "servicio único" / "service unique" / "den Service" were the old, wrong readings.
      expect(sentence).not.toMatch(/servicio (único|de temporada)|service (unique|saisonnier)|den Service/);
    }
  });
});
