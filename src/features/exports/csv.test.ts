import { describe, expect, it } from 'vitest';
import { BOM, buildCsv, formatDollars } from './csv';

describe('formatDollars', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [99, '0.99'],
    [100, '1.00'],
    [11187, '111.87'],
    [41245, '412.45'], // 412.45 * 100 is 41244.999... in floating point; cents never go through it
    [100_000_000_00, '100000000.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-1287, '-12.87'],
  ])('%i cents → %s', (cents, expected) => {
    expect(formatDollars(cents)).toBe(expected);
  });

  it('refuses fractional or unsafe cents rather than round them silently', () => {
    expect(() => formatDollars(1.5)).toThrow(RangeError);
    expect(() => formatDollars(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});

describe('buildCsv', () => {
  it('starts with the UTF-8 byte order mark and ends each line with CRLF', () => {
    const csv = buildCsv(['Name', 'City'], [['Zoë Müller', 'Québec']]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv).toBe(`${BOM}Name,City\r\nZoë Müller,Québec\r\n`);
    // Encoded as a response body: EF BB BF first, then the accented letters in UTF-8.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","Click")', `"'=HYPERLINK(""http://evil.example"",""Click"")"`],
    ['+1 905 555 0134', "'+1 905 555 0134"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('puts an apostrophe before a cell that a spreadsheet would run as a formula: %j', (cell, written) => {
    expect(buildCsv(['h'], [[cell]])).toBe(`${BOM}h\r\n${written}\r\n`);
  });

  it('leaves ordinary text, amounts and dates as they are', () => {
    expect(buildCsv(['a', 'b', 'c', 'd'], [['Olivia Tremblay', '111.87', '2026-11-20', 'O’Neil = boss']])).toBe(`${BOM}a,b,c,d\r\nOlivia Tremblay,111.87,2026-11-20,O’Neil = boss\r\n`);
  });

  it('quotes commas, quotes and line breaks so a cell stays one cell', () => {
    expect(buildCsv(['a', 'b', 'c'], [['12 King St W, Unit 4', 'the "big" house', 'line one\nline two']]))
      .toBe(`${BOM}a,b,c\r\n"12 King St W, Unit 4","the ""big"" house","line one\nline two"\r\n`);
  });
});
