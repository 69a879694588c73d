import { describe, expect, it } from 'vitest';
import { BusinessDetailsSchema, LEGAL_NAME_MAX } from './business-details.schema';

/** The first message per field, as the form and the handler see them. */
function issues(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of BusinessDetailsSchema.safeParse(input).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('BusinessDetailsSchema', () => {
  it.each([
    ['123456789 RT0001', '123456789 RT0001'],
    ['123456789RT0001', '123456789 RT0001'],
    ['  123456789 rt 0001 ', '123456789 RT0001'],
    ['987654321rt0002', '987654321 RT0002'],
  ])('stores the GST/HST number %j as a receipt prints it (%j)', (typed, stored) => {
    expect(BusinessDetailsSchema.parse({ legalName: 'Escarpment Inc.', hstNumber: typed }).hstNumber).toBe(stored);
  });

  it.each([
    '12345678 RT0001', '1234567890 RT0001', '123456789 RC0001', '123456789 RT001', '123456789', 'RT0001', '123-456-789 RT0001', 'none',
  ])('refuses %j beside the number field', (typed) => {
    expect(issues({ legalName: '', hstNumber: typed })).toEqual({ hstNumber: 'businessDetails.hstNumberInvalid' });
  });

  it('takes blank fields as cleared: no legal name, no number', () => {
    expect(BusinessDetailsSchema.parse({ legalName: '  ', hstNumber: ' ' })).toEqual({ legalName: null, hstNumber: null });
  });

  it('tidies the legal name and limits its length', () => {
    expect(BusinessDetailsSchema.parse({ legalName: '  Escarpment   Mosquito\t& Tick Inc. ', hstNumber: '' }).legalName).toBe('Escarpment Mosquito & Tick Inc.');
    expect(BusinessDetailsSchema.parse({ legalName: 'e\u0301', hstNumber: '' }).legalName).toBe('\u00e9');
    expect(BusinessDetailsSchema.parse({ legalName: 'a'.repeat(LEGAL_NAME_MAX), hstNumber: '' }).legalName).toHaveLength(LEGAL_NAME_MAX);
    expect(issues({ legalName: 'a'.repeat(LEGAL_NAME_MAX + 1), hstNumber: '' })).toEqual({ legalName: 'businessDetails.legalNameTooLong' });
  });

  it('refuses missing fields and other types with translation keys', () => {
    expect(issues({})).toEqual({ legalName: 'businessDetails.legalNameInvalid', hstNumber: 'businessDetails.hstNumberInvalid' });
    expect(issues({ legalName: 7, hstNumber: 123456789 })).toEqual({ legalName: 'businessDetails.legalNameInvalid', hstNumber: 'businessDetails.hstNumberInvalid' });
  });
});
