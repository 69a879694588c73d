import { describe, expect, it } from 'vitest';
import { describeLotSize } from '@/features/pricing/pricing';
import { getTranslator } from '@/i18n/messages';
import type { Locale } from '@/i18n/routing';

/**
 * The calculator's hint under the property size, and the lot-size sentence of POST
 * /api/calculate-quote: the estimated acres are a number written as the reader writes numbers
 * (a decimal comma in French, German and Spanish), never the raw "0.75".
 */
describe('the lot-size estimate in words', () => {
  const ancaster = describeLotSize('12 Wilson St E, Ancaster').estimatedAcres;
  const flamborough = describeLotSize('8 Rural Rd, Flamborough').estimatedAcres;

  it.each([
    ['en', 'Homes in this area usually sit on about 0.75 acres.', 'Homes in this area usually sit on about 1 acre.'],
    ['es', 'En esta zona las casas suelen ocupar alrededor de 0,75 acres.', 'En esta zona las casas suelen ocupar alrededor de 1 acre.'],
    ['fr', 'Dans ce secteur, les maisons occupent généralement environ 0,75 acre.', 'Dans ce secteur, les maisons occupent généralement environ 1 acre.'],
    ['de', 'Häuser in dieser Gegend stehen meist auf etwa 0,75 Acres.', 'Häuser in dieser Gegend stehen meist auf etwa 1 Acre.'],
  ] as const)('the calculator writes the acres in the reader’s number format (%s)', (locale, corner, acre) => {
    const t = getTranslator(locale as Locale, 'calculator');
    expect(t('lotEstimate', { acres: ancaster! })).toBe(corner);
    expect(t('lotEstimate', { acres: flamborough! })).toBe(acre);
  });

  it.each([
    ['en', 'Typical lot size in Ancaster: about 0.75 acres', 'Selected lot size: about 1.5 acres'],
    ['es', 'Tamaño típico de terreno en Ancaster: alrededor de 0,75 acres', 'Tamaño de terreno elegido: alrededor de 1,5 acres'],
    ['fr', 'Taille habituelle d’un terrain à Ancaster\u00A0: environ 0,75 acre', 'Taille de terrain choisie\u00A0: environ 1,5 acre'],
    ['de', 'Übliche Grundstücksgröße in Ancaster: etwa 0,75 Acres', 'Gewählte Grundstücksgröße: etwa 1,5 Acres'],
  ] as const)('so does the quote API’s lot-size sentence (%s)', (locale, fromAddress, fromSelection) => {
    const t = getTranslator(locale as Locale, 'pricing');
    expect(t('lotSize.fromAddress', { keyword: 'Ancaster', acres: ancaster! })).toBe(fromAddress);
    expect(t('lotSize.fromSelection', { acres: 1.5 })).toBe(fromSelection);
  });
});
