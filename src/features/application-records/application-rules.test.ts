import { describe, expect, it } from 'vitest';
import {
  checkRecordLines, formatAmount, formatAmountInput, isTreatmentVisit, MAX_AMOUNT_HUNDREDTHS, parseAmount, pickDefaultProduct,
} from './application-rules';

describe('parseAmount: an amount as typed on a phone → hundredths', () => {
  it.each([
    ['12.5', 1250], ['12,5', 1250], [' 25 ', 2500], ['0.01', 1], ['.5', 50], [',75', 75], ['3.', 300], ['007.10', 710],
    ['99999.99', MAX_AMOUNT_HUNDREDTHS], ['1', 100],
  ])('%j → %i', (text, hundredths) => {
    expect(parseAmount(text)).toEqual({ ok: true, hundredths });
  });

  it.each([
    ['', 'amountRequired'], ['   ', 'amountRequired'],
    ['abc', 'amountInvalid'], ['1.2.3', 'amountInvalid'], ['1 000', 'amountInvalid'], ['1e3', 'amountInvalid'], ['.', 'amountInvalid'], ['12 mL', 'amountInvalid'],
    ['1.234', 'amountDecimals'], ['0,125', 'amountDecimals'],
    ['0', 'amountPositive'], ['0.00', 'amountPositive'], ['-5', 'amountPositive'],
    ['100000', 'amountTooLarge'], ['123456789012345678901234567890', 'amountTooLarge'],
  ])('%j is refused: %s', (text, key) => {
    expect(parseAmount(text)).toEqual({ ok: false, messageKey: `applicationRecords.${key}` });
  });
});

describe('amounts shown again', () => {
  it.each([[1250, '12.5'], [300, '3'], [1, '0.01'], [710, '7.1'], [2505, '25.05']])('%i → %j in the form', (hundredths, text) => {
    expect(formatAmountInput(hundredths)).toBe(text);
    // What the form shows reads back as the same amount.
    expect(parseAmount(text)).toEqual({ ok: true, hundredths });
  });

  it('in the reader\'s language', () => {
    expect(formatAmount(1250, 'en')).toBe('12.5');
    expect(formatAmount(1250, 'fr')).toBe('12,5');
    expect(formatAmount(123456, 'de')).toBe('1.234,56');
  });
});

describe('which visits apply a product', () => {
  it.each([['onetime', true], ['seasonal', true], ['tick-seasonal', true], ['standingwater', true], ['consult', false], ['unknown', false]])('%s: %s', (type, treatment) => {
    expect(isTreatmentVisit(type)).toBe(treatment);
  });
});

describe('pickDefaultProduct: the first line\'s product', () => {
  it('is the technician\'s last one while it is offered', () => {
    expect(pickDefaultProduct([3, 5, 7], 5)).toBe(5);
  });
  it('is none when the last one was retired and several are offered', () => {
    expect(pickDefaultProduct([3, 7], 5)).toBeNull();
    expect(pickDefaultProduct([3, 7], null)).toBeNull();
  });
  it('is the only product when there is one', () => {
    expect(pickDefaultProduct([3], 5)).toBe(3);
    expect(pickDefaultProduct([3], undefined)).toBe(3);
  });
  it('is none without products', () => {
    expect(pickDefaultProduct([], 5)).toBeNull();
  });
});

describe('checkRecordLines', () => {
  const base = { serviceType: 'onetime', branchHasActiveProducts: true, usableProductIds: new Set([1, 2]), technicianId: 4 };
  const line = (productId: number) => ({ productId, amountHundredths: 1250 });

  it('accepts a treatment with usable products and a technician', () => {
    expect(checkRecordLines({ ...base, lines: [line(1), line(2)] })).toEqual({ ok: true });
  });

  it('refuses a treatment without a record while the branch has products', () => {
    expect(checkRecordLines({ ...base, lines: [] })).toEqual({ ok: false, code: 'validation', messageKey: 'applicationRecords.recordRequired', field: 'applications' });
  });

  it('lets a treatment go without a record while the branch has no product', () => {
    expect(checkRecordLines({ ...base, lines: [], branchHasActiveProducts: false, usableProductIds: new Set() })).toEqual({ ok: true });
  });

  it('asks nothing of a consultation and refuses lines on one', () => {
    expect(checkRecordLines({ ...base, serviceType: 'consult', lines: [] })).toEqual({ ok: true });
    expect(checkRecordLines({ ...base, serviceType: 'consult', lines: [line(1)] })).toMatchObject({ ok: false, messageKey: 'applicationRecords.notATreatment' });
  });

  it('names the line whose product cannot be recorded (retired, another branch\'s)', () => {
    expect(checkRecordLines({ ...base, lines: [line(1), line(9)] })).toEqual({ ok: false, code: 'conflict', messageKey: 'applicationRecords.productUnavailable', field: 'applications.1.productId' });
  });

  it('needs the technician who applied the products', () => {
    expect(checkRecordLines({ ...base, lines: [line(1)], technicianId: null })).toEqual({ ok: false, code: 'conflict', messageKey: 'applicationRecords.technicianRequired', field: 'technicianId' });
  });
});
