import { describe, expect, it } from 'vitest';
import de from '../../../messages/de/legal.json';
import en from '../../../messages/en/legal.json';
import es from '../../../messages/es/legal.json';
import fr from '../../../messages/fr/legal.json';
import { fillLegalText, LEGAL_DOCUMENTS, readMessageList } from './legal-text';

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
