import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CITY_CONTENT } from '@/features/city-pages/city-content';
import { frenchTypographyProblems, NBSP } from './french-typography.mjs';

const nb = (s: string) => s.replaceAll('_', NBSP);

describe('frenchTypographyProblems', () => {
  it.each([
    ['a curly apostrophe', 'L’adresse est obligatoire'],
    ['a no-break space before ? ! ; and a label colon', nb('Des questions_? Appelez-nous_! Oui_; Total_: 99,00 $')],
    ['a colon that ends the message', nb('Référence du paiement_:')],
    ['placeholders before the punctuation', nb('Désactiver {name}_? {label}_:')],
    ['times, ratios and formats, whose colon is not punctuation', 'Entre 8:00 et 18:00, format HH:MM, rapport 1:2'],
    ['URLs, e-mail links and entities', 'Voir https://example.ca/?a=1;b=2 ou mailto:info@example.ca &amp; plus'],
    ['ICU argument syntax', nb('{d, date, ::yyyyMMdd} et {count, plural, one {# arrêt} other {# arrêts}}')],
    ['quotation marks with no-break spaces', nb('Annuler «_effectué_»')],
    ['a run of marks with one space', nb('Vraiment_?!')],
  ])('accepts %s', (_what, message) => {
    expect(frenchTypographyProblems(message)).toEqual([]);
  });

  it.each([
    ['a straight apostrophe', "L'adresse est obligatoire", 'straight apostrophe'],
    ['a normal space before ?', 'Des questions ? Appelez-nous.', 'a normal space before "?"'],
    ['no space before !', 'Rendez-vous réservé!', 'no space before "!"'],
    ['no space before ;', 'Choisissez un vendredi; tout est conservé.', 'no space before ";"'],
    ['a normal space before a label colon', 'Montant payé : {amount}', 'a normal space before ":"'],
    ['no space before a label colon', 'Montant payé: {amount}', 'no space before ":"'],
    ['a narrow no-break space', 'Merci\u202F!', 'narrow no-break space'],
    ['a placeholder right before ?', 'Désactiver {name}?', 'no space before "?"'],
    ['text inside a plural branch', '{count, plural, one {# arrêt?} other {# arrêts}}', 'no space before "?"'],
    ['a normal space after «', nb('« Optimiser la tournée_»'), 'after "«"'],
    ['a normal space before »', nb('«_Optimiser la tournée »'), 'before "»"'],
  ])('reports %s', (_what, message, expected) => {
    const problems = frenchTypographyProblems(message);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe('French texts outside the message files', () => {
  it('city pages follow French typography', () => {
    const texts: [string, string][] = [];
    const collect = (value: unknown, where: string) => {
      if (!value || typeof value !== 'object') return;
      for (const [key, v] of Object.entries(value)) {
        if (key === 'fr' && typeof v === 'string') texts.push([where, v]);
        else collect(v, `${where}.${key}`);
      }
    };
    collect(CITY_CONTENT, 'city');
    expect(texts.length).toBeGreaterThan(100);
    const problems = texts.flatMap(([where, text]) => frenchTypographyProblems(text).map((p) => `${where}: ${p}`));
    expect(problems).toEqual([]);
  });
});

describe('scripts/i18n-check.mjs', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  /** Runs the check on a messages folder holding one namespace with the given French value. */
  function checkWithFrench(value: string) {
    root = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
    const values = { en: 'Questions? Call us.', es: '¿Preguntas? Llámenos.', fr: value, de: 'Fragen? Rufen Sie an.' };
    for (const [locale, text] of Object.entries(values)) {
      mkdirSync(path.join(root, 'messages', locale), { recursive: true });
      writeFileSync(path.join(root, 'messages', locale, 'demo.json'), JSON.stringify({ footer: text }));
    }
    writeFileSync(path.join(root, 'messages', 'i18n-allow.json'), '[]');
    return spawnSync(process.execPath, [path.resolve('scripts/i18n-check.mjs')], { cwd: root, encoding: 'utf8' });
  }

  it('passes French messages that follow the rules', () => {
    const result = checkWithFrench(nb('Des questions_? Appelez-nous.'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails a French message that breaks them, naming the key', () => {
    const result = checkWithFrench('Des questions ? Appelez-nous.');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('fr: demo.footer: a normal space before "?"');
  });
});
