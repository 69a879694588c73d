import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';
import { BOM } from './csv';
import { type AppliedProduct, buildApplicationRow, buildApplicationsCsv } from './export-rows';
import { findYearSoFarRange } from './export-range';

const context = (locale: Locale = 'en') => {
  const units = getTranslator(locale, 'applicationRecords');
  return { t: getTranslator(locale, 'exports'), describeUnit: (unit: string) => units(`units.${unit}`) };
};

const applied = (overrides: Partial<AppliedProduct> = {}): AppliedProduct => ({
  appliedOn: '2027-06-11',
  address: '45 Main St E',
  city: 'Hamilton',
  postalCode: 'L8N 1E9',
  productName: 'Demo Barrier Concentrate',
  pcpNumber: '99901',
  amountHundredths: 1250,
  unit: 'ml-concentrate',
  technicianName: 'Crew A',
  licenceNumber: 'E-12345',
  ...overrides,
});

const lines = (csv: string) => csv.slice(BOM.length).split('\r\n').filter(Boolean);

describe('the application records export (docs/decisions/0042)', () => {
  it('writes one row per product applied: the day, the address in one cell, two decimals, the unit in words', () => {
    expect(buildApplicationRow(applied(), context().describeUnit)).toEqual([
      '2027-06-11', '45 Main St E, Hamilton, L8N 1E9', 'Demo Barrier Concentrate', '99901', '12.50', 'mL of concentrate', 'Crew A', 'E-12345',
    ]);
    expect(buildApplicationRow(applied({ amountHundredths: 1, unit: 'g', city: null, technicianName: null, licenceNumber: null }), context().describeUnit))
      .toEqual(['2027-06-11', '45 Main St E, L8N 1E9', 'Demo Barrier Concentrate', '99901', '0.01', 'g', '', '']);
  });

  it('starts with a byte order mark and translated headers, CRLF line ends, amounts the same in every language', () => {
    const csv = buildApplicationsCsv([applied(), applied({ productName: 'Demo Tick Perimeter Mix', amountHundredths: 300, unit: 'l-mix' })], context());
    expect(csv.startsWith(BOM)).toBe(true);
    expect(lines(csv)).toEqual([
      'Date applied,Address,Product,PCP registration number,Amount,Unit,Technician,Licence number',
      '2027-06-11,"45 Main St E, Hamilton, L8N 1E9",Demo Barrier Concentrate,99901,12.50,mL of concentrate,Crew A,E-12345',
      '2027-06-11,"45 Main St E, Hamilton, L8N 1E9",Demo Tick Perimeter Mix,99901,3.00,L of mix,Crew A,E-12345',
    ]);
    const fr = lines(buildApplicationsCsv([applied({ unit: 'l-mix' })], context('fr')));
    expect(fr[0]).toBe('Date d’application,Adresse,Produit,Numéro d’homologation (LPA),Quantité,Unité,Technicien,Numéro de permis');
    expect(fr[1]).toContain(',12.50,L de bouillie,');
  });

  it('keeps a typed address that starts like a formula as text', () => {
    const [, row] = lines(buildApplicationsCsv([applied({ address: '=HYPERLINK("http://x")', city: null, postalCode: null })], context()));
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('defaults to the year so far', () => {
    expect(findYearSoFarRange('2026-11-24')).toEqual({ from: '2026-01-01', to: '2026-11-24' });
  });
});
