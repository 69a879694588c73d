import { describe, expect, it } from 'vitest';
import de from '../../../messages/de/legal.json';
import en from '../../../messages/en/legal.json';
import es from '../../../messages/es/legal.json';
import fr from '../../../messages/fr/legal.json';
import { DEFAULT_SERVED_PREFIXES, type ServedPrefix } from '@/features/service-area/postal-code';
import { NAMED_TOWNS } from '@/features/service-area/served-towns';
import { getTranslator } from '@/i18n/messages';
import { LOCALES, type Locale } from '@/i18n/routing';
import { describeTermsServiceArea, fillLegalText, LEGAL_DOCUMENTS, readMessageList } from './legal-text';

const facts = { brand: 'Escarpment Mosquito & Tick', address: '1 Hunter St E, Hamilton, ON L8N 3W1', email: 'hello@escarpmentmosquito.ca', phone: '(905) 555-0134' };
const all = { en, fr, es, de } as const;

describe('legal documents', () => {
  it('reads message lists whether they arrive as arrays or as merged index-keyed objects', () => {
    expect(readMessageList(['a', 'b'])).toEqual(['a', 'b']);
    expect(readMessageList({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    expect(readMessageList(undefined)).toEqual([]);
  });

  it('fills branch facts and leaves other text alone', () => {
    expect(fillLegalText('{brand}: {email} / {phone}, {address}. {other}', facts)).toBe(
      'Escarpment Mosquito & Tick: hello@escarpmentmosquito.ca / (905) 555-0134, 1 Hunter St E, Hamilton, ON L8N 3W1. {other}',
    );
  });

  it.each(LEGAL_DOCUMENTS)('%s has the same sections in every language', (doc) => {
    const shape = (l: keyof typeof all) => all[l][doc].sections.map((s) => s.body.length);
    for (const l of ['fr', 'es', 'de'] as const) expect(shape(l)).toEqual(shape('en'));
  });

  it('the privacy policy names a privacy officer and the contact details in every language', () => {
    for (const messages of Object.values(all)) {
      const text = JSON.stringify(messages.privacy);
      expect(text).toContain('{email}');
      expect(text).toContain('{phone}');
      expect(text).toMatch(/PIPEDA|LPRPDE/);
      expect(text).toMatch(/CASL|LCAP/);
    }
  });

  it('the terms state 13% HST, the re-treatment guarantee, 24 hours after rain and 30-60 minutes drying', () => {
    for (const messages of Object.values(all)) {
      const text = JSON.stringify(messages.terms);
      expect(text).toMatch(/13[ \u00A0]?%/);
      expect(text).toMatch(/90[ \u00A0]?%/);
      expect(text).toContain('24');
      expect(text).toMatch(/30 (to|à|a|bis) 60/);
    }
  });
});

describe('the terms\' service area (0106)', () => {
  const without = (...prefixes: string[]): ServedPrefix[] =>
    DEFAULT_SERVED_PREFIXES.map((row) => (prefixes.includes(row.prefix) ? { ...row, served: false } : row));
  const serviceArea = (locale: Locale, prefixes: readonly ServedPrefix[]) =>
    describeTermsServiceArea(getTranslator(locale, 'legal.terms.serviceArea'), locale, prefixes);
  const termsParagraph = (locale: Locale, prefixes: readonly ServedPrefix[]) =>
    fillLegalText(all[locale].terms.sections[0]!.body[0]!, { ...facts, serviceArea: serviceArea(locale, prefixes) });

  it('reads as before while every town is served', () => {
    expect(termsParagraph('en', DEFAULT_SERVED_PREFIXES)).toBe('We serve homes and businesses in Hamilton, Ancaster, Stoney Creek, Dundas and Grimsby, and nearby communities such as Waterdown, Binbrook and Flamborough. A booking is accepted only for an address whose postal code is in our service area.');
    expect(termsParagraph('fr', DEFAULT_SERVED_PREFIXES)).toMatch(/^Nous desservons les maisons et les entreprises de Hamilton, Ancaster, Stoney Creek, Dundas et Grimsby, ainsi que des localités voisines comme Waterdown, Binbrook et Flamborough\. Une réservation/u);
    expect(termsParagraph('es', DEFAULT_SERVED_PREFIXES)).toMatch(/^Atendemos viviendas y negocios en Hamilton, Ancaster, Stoney Creek, Dundas y Grimsby, y en localidades cercanas como Waterdown, Binbrook y Flamborough\. Solo/u);
    expect(termsParagraph('de', DEFAULT_SERVED_PREFIXES)).toMatch(/^Wir betreuen Wohnhäuser und Betriebe in Hamilton, Ancaster, Stoney Creek, Dundas und Grimsby sowie in Nachbarorten wie Waterdown, Binbrook und Flamborough\. Eine Buchung/u);
  });

  it('no longer names a town or a nearby community taken out entirely, in every language', () => {
    const grimsbyAndBinbrookOut = without('L3M', 'L0R1C');
    expect(serviceArea('en', grimsbyAndBinbrookOut)).toBe('We serve homes and businesses in Hamilton, Ancaster, Stoney Creek and Dundas, and nearby communities such as Waterdown and Flamborough.');
    for (const locale of LOCALES) {
      const text = serviceArea(locale, grimsbyAndBinbrookOut);
      expect(text, locale).not.toMatch(/Grimsby|Binbrook|\{/u);
      expect(text, locale).toContain('Dundas');
    }
    // A town with one of its FSAs still served is still named.
    expect(serviceArea('de', without('L9G'))).toContain('Ancaster');
  });

  it('says what is left when the towns or the nearby communities are all out', () => {
    const towns = DEFAULT_SERVED_PREFIXES.filter((row) => (NAMED_TOWNS as readonly string[]).includes(row.area)).map((row) => row.prefix);
    const nearby = ['L8B', 'L0R', 'L0R2H', 'L0R1C'];
    expect(serviceArea('en', without(...towns))).toBe('We serve homes and businesses in communities such as Waterdown, Binbrook and Flamborough.');
    expect(serviceArea('fr', without(...nearby))).toBe('Nous desservons les maisons et les entreprises de Hamilton, Ancaster, Stoney Creek, Dundas et Grimsby.');
    expect(serviceArea('es', without(...towns, ...nearby))).toBe('En este momento no atendemos ninguna zona.');
  });
});
