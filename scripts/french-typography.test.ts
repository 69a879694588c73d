import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CITY_CONTENT } from '@/features/city-pages/city-content';
import { formatCad, formatShortDateTime, formatTimeOfDay } from '@/lib/format';
import { frenchTypographyProblems, NBSP } from './french-typography.mjs';

const nb = (s: string) => s.replaceAll('_', NBSP);

describe('frenchTypographyProblems', () => {
  it.each([
    ['a curly apostrophe', 'L’adresse est obligatoire'],
    ['a no-break space before ? ! ; and a label colon', nb('Des questions_? Appelez-nous_! Oui_; Total_: 99,00_$')],
    ['a colon that ends the message', nb('Référence du paiement_:')],
    ['placeholders before the punctuation', nb('Désactiver {name}_? {label}_:')],
    ['times, ratios and formats, whose colon is not punctuation', 'Entre 8:00 et 18:00, format HH:MM, rapport 1:2'],
    ['URLs, e-mail links and entities', 'Voir https://example.ca/?a=1;b=2 ou mailto:info@example.ca &amp; plus'],
    ['ICU argument syntax', nb('{d, date, ::yyyyMMdd} et {count, plural, one {# arrêt} other {# arrêts}}')],
    ['quotation marks with no-break spaces', nb('Annuler «_effectué_»')],
    ['a run of marks with one space', nb('Vraiment_?!')],
    ['no-break spaces before % and $, also after a placeholder', nb('90_% de moustiques en moins, TVH ({rate}_%), 129_$ ou {price}_$')],
    ['hours with no-break spaces', nb('Vendredi de 9_h à 17_h, 17_h_30, {hours}_h_{minutes}, {n}_h')],
    ['digit groups with no-break spaces', nb('Plus de 2_000 clients, 1_234_567 visites, de 0,50_$ à 1_000_$, 12_345,67_$')],
    ['words that start with h, years, four-digit numbers and codes', nb('{count} heures, 3 habitants, en 2002, 5000 caractères, réf. ESC-123456, L8P 1A1')],
    ['numbers that are not digit groups', nb('3 à 4 semaines, 5 traitements, 85 à 90_%')],
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
    ['a normal space before %', '90 % de moustiques en moins', 'a normal space before "%"'],
    ['no space before %', 'TVH (13%)', 'no space before "%"'],
    ['a narrow no-break space before % (Intl fr-CA writes U+00A0)', '90\u202F% garanti', 'narrow no-break space (use U+00A0) before "%"'],
    ['a normal space before % after a placeholder', 'TVH ({rate} %)', 'a normal space before "%"'],
    ['a normal space before $', 'Première visite à 49 $', 'a normal space before "$"'],
    ['a normal space before $ after a placeholder', 'Total de {price} $', 'a normal space before "$"'],
    ['no space before $', 'Forfait de 295$', 'no space before "$"'],
    ['a normal space before an hour', 'Vendredi de 9 h à midi', 'a normal space before "h" in a time'],
    ['no space before an hour', 'Ouvert dès 8h', 'no space before "h" in a time'],
    ['a normal space before the minutes', nb('Arrivée à 17_h 30'), 'a normal space between "h" and the minutes'],
    ['a normal space around a placeholder hour', nb('{hours}_h {minutes}'), 'between "h" and the minutes'],
    ['a normal space between digit groups', 'Plus de 2 000 clients', 'a normal space between digit groups'],
    ['a narrow no-break space between digit groups', '1\u202F000 clients', 'narrow no-break space (use U+00A0) between digit groups'],
    ['five digits or more in one block', 'Jusqu’à 10000 caractères', 'no space between digit groups in "10000"'],
  ])('reports %s', (_what, message, expected) => {
    const problems = frenchTypographyProblems(message);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});

describe('French texts outside the message files', () => {
  it('numbers, money and hours formatted in code follow the same rules (Intl fr-CA writes U+00A0)', () => {
    const fr = (options?: Intl.NumberFormatOptions) => new Intl.NumberFormat('fr-CA', options);
    const texts = [
      fr({ style: 'currency', currency: 'CAD' }).format(1234.5),
      fr({ style: 'percent' }).format(0.9),
      fr().format(1234567),
      formatCad(129900, 'fr'),
      formatTimeOfDay('17:30', 'fr') ?? '',
      formatShortDateTime('2027-10-02T01:05:00Z', 'fr') ?? '',
    ];
    expect(texts.flatMap((text) => frenchTypographyProblems(text).map((p) => `${text}: ${p}`))).toEqual([]);
  });


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

  it('fails ordinary spaces in numbers, money and hours, naming the file and the key', () => {
    const result = checkWithFrench(nb('Des questions_? Appelez-nous de 9 h à 17_h, dès 49 $ ou {price} $, 90 % garanti, 2 000 clients.'));
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('fr: '));
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/^fr: demo\.footer: .+ \(messages\/fr\/demo\.json\)$/);
    expect(lines.join('\n')).toContain('a normal space before "h" in a time');
    expect(lines.join('\n')).toContain('a normal space before "$"');
    expect(lines.join('\n')).toContain('a normal space before "%"');
    expect(lines.join('\n')).toContain('a normal space between digit groups');
  });

  it('passes the same message once its spaces are no-break', () => {
    const result = checkWithFrench(nb('Des questions_? Appelez-nous de 9_h à 17_h, dès 49_$ ou {price}_$, 90_% garanti, 2_000 clients.'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
