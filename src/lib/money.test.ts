import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  applyRateHalfUp,
  centsToDollars,
  dollarsToCents,
  formatDeduction,
  formatMoney,
  formatWholeDollars,
  roundToWholeDollars,
  scaleToWholeDollars,
  splitTaxIncluded,
} from './money';

/** Intl uses narrow no-break spaces in some locales; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dollarsToCents', () => {
  it.each([
    [0, 0],
    [99, 9900],
    [412.45, 41245], // 412.45 * 100 = 41244.999… in binary
    [1.005, 101], // 1.005 * 100 = 100.49999… in binary
    [0.1 + 0.2, 30],
    [-79, -7900],
    [1e-7, 0],
  ])('%s → %i', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('rejects non-finite amounts', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips with centsToDollars', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => dollarsToCents(centsToDollars(cents)) === cents));
  });
});

describe('applyRateHalfUp', () => {
  it.each([
    [9900, 0.13, 1287],
    [36500, 0.13, 4745],
    [50, 0.13, 7], // 6.5 → 7 (half-up)
    [150, 0.13, 20], // 19.5 → 20
    [149, 0.13, 19], // 19.37 → 19
    [9900, 0.135, 1337], // 1336.5 → 1337 (half-even would give 1336)
    [10000, 0.14975, 1498], // Québec-style rate: 1497.5 → 1498
    [0, 0.13, 0],
    [12345, 0, 0],
    [-50, 0.13, -7], // refunds mirror charges
  ])('%i × %s → %i', (cents, rate, expected) => {
    expect(applyRateHalfUp(cents, rate)).toBe(expected);
  });

  it('matches the integer reference for any amount and basis-point rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 }), (cents, bp) => {
        const reference = Math.floor((cents * bp * 2 + 10_000) / 20_000);
        return applyRateHalfUp(cents, bp / 10_000) === reference;
      }),
    );
  });

  it('rejects fractional cents', () => {
    expect(() => applyRateHalfUp(99.5, 0.13)).toThrow(RangeError);
  });
});

describe('splitTaxIncluded', () => {
  it.each([
    [11187, 0.13, 9900, 1287], // one-time 0.25 acre
    [41245, 0.13, 36500, 4745], // seasonal 0.25 acre
    [32318, 0.13, 28600, 3718], // seasonal with MIDSEASON
    [1, 0.13, 1, 0],
    [0, 0.13, 0, 0],
    [5000, 0, 5000, 0],
  ])('%i at %s → %i + %i', (cents, rate, preTaxCents, taxCents) => {
    expect(splitTaxIncluded(cents, rate)).toEqual({ preTaxCents, taxCents });
  });

  it('gives back the pre-tax amount and tax that applyRateHalfUp added, for any amount and basis-point rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (preTax, bp) => {
        const tax = applyRateHalfUp(preTax, bp / 10_000);
        const split = splitTaxIncluded(preTax + tax, bp / 10_000);
        return split.preTaxCents === preTax && split.taxCents === tax;
      }),
    );
  });

  it('rejects fractional cents', () => {
    expect(() => splitTaxIncluded(111.5, 0.13)).toThrow(RangeError);
  });
});

describe('roundToWholeDollars', () => {
  it.each([
    [40150, 40200],
    [40149, 40100],
    [9900, 9900],
    [0, 0],
    [-150, -200],
  ])('%i → %i', (cents, expected) => {
    expect(roundToWholeDollars(cents)).toBe(expected);
  });
});

describe('scaleToWholeDollars', () => {
  it.each([
    [36500, 1.1, 40200], // 401.50 → 402
    [11900, 1.1, 13100], // 130.90 → 131
    [60400, 1.1, 66400], // 664.40 → 664
    [11900, 0.1, 1200], // 11.90 → 12
    [9900, 1, 9900],
  ])('%i × %s → %i', (cents, factor, expected) => {
    expect(scaleToWholeDollars(cents, factor)).toBe(expected);
  });

  it('always returns whole dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 30_000 }), (cents, bp) => {
        return scaleToWholeDollars(cents, bp / 10_000) % 100 === 0;
      }),
    );
  });
});

describe('formatMoney', () => {
  it.each([
    [11187, 'en-CA', '$111.87'],
    [41245, 'en-CA', '$412.45'],
    [123456, 'en-CA', '$1,234.56'],
    [11187, 'fr-CA', '111,87 $'],
    [11187, 'en', '$111.87'], // narrow symbol: never "CA$" on a Canadian site
    [11187, 'fr', '111,87 $'],
    [11187, 'de', '111,87 $'],
    [11187, 'es', '111,87 $'],
    // Negative amounts use the minus sign U+2212 (never a hyphen), where each language puts it.
    [-7900, 'en-CA', '\u2212$79.00'],
    [-6000, 'en', '\u2212$60.00'],
    [-6000, 'fr', '\u221260,00 $'],
    [-6000, 'de', '\u221260,00 $'],
    [-6000, 'es', '\u221260,00 $'],
  ])('%i in %s → %s', (cents, locale, expected) => {
    expect(plain(formatMoney(cents, locale))).toBe(expected);
  });

  it('never writes a hyphen-minus in a negative amount', () => {
    for (const locale of ['en', 'en-CA', 'fr', 'fr-CA', 'de', 'es']) expect(formatMoney(-6000, locale)).not.toContain('-');
  });
});

describe('formatDeduction', () => {
  it('shows a discount as a negative amount with the minus sign, whichever sign it is given in', () => {
    expect(formatDeduction(7900, 'en-CA')).toBe('\u2212$79.00');
    expect(formatDeduction(-7900, 'en-CA')).toBe('\u2212$79.00');
    expect(formatDeduction(7900, 'en-CA')).toBe(formatMoney(-7900, 'en-CA'));
  });
});

describe('formatWholeDollars', () => {
  it.each([
    [41285, '$412'], // rounds down, never up
    [41299, '$412'],
    [9900, '$99'],
    [0, '$0'],
    [99, '$0'],
    [-7900, '\u2212$79'],
  ])('%i → %s', (cents, expected) => {
    expect(formatWholeDollars(cents)).toBe(expected);
  });
});
