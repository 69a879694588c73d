import { describe, expect, it } from 'vitest';
import { applyDateRefusal } from './date-refusal';

describe('applyDateRefusal (0072)', () => {
  it.each([
    ['drops the refused Friday', ['2027-05-07', '2027-05-14', '2027-05-21'], { refused: ['2027-05-14'] }, ['2027-05-07', '2027-05-21']],
    ['adds the next open Friday the server named, in date order', ['2027-05-07', '2027-05-14'], { refused: ['2027-05-14'], nextDate: '2027-05-28' }, ['2027-05-07', '2027-05-28']],
    ['keeps it once when the list has it', ['2027-05-14', '2027-05-21'], { refused: ['2027-05-14'], nextDate: '2027-05-21' }, ['2027-05-21']],
    ['never adds back a refused Friday', ['2027-05-07'], { refused: ['2027-05-14'], nextDate: '2027-05-14' }, ['2027-05-07']],
  ] as const)('%s', (_label, dates, refusal, expected) => {
    expect(applyDateRefusal(dates, refusal)).toEqual(expected);
  });
});
