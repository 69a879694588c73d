import { describe, expect, it } from 'vitest';
import { BusinessDetailsSchema, LEGAL_NAME_MAX } from './business-details.schema';

/** The whole screen as the seed holds it; each test changes what it is about. */
const SCREEN = {
  legalName: 'Escarpment Inc.', hstNumber: '', phone: '(905) 555-0134', email: 'hello@escarpmentmosquito.ca',
  address: '1 Hunter St E', city: 'Hamilton', province: 'ON', postalCode: 'L8N 3W1',
};

/** The first message per field, as the form and the handler see them. */
function issues(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of BusinessDetailsSchema.safeParse(input).error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const parse = (changes: Partial<Record<keyof typeof SCREEN, unknown>>) => BusinessDetailsSchema.parse({ ...SCREEN, ...changes });

describe('BusinessDetailsSchema: the receipt identity (0044)', () => {
  it.each([
    ['123456789 RT0001', '123456789 RT0001'],
    ['123456789RT0001', '123456789 RT0001'],
    ['  123456789 rt 0001 ', '123456789 RT0001'],
    ['987654321rt0002', '987654321 RT0002'],
  ])('stores the GST/HST number %j as a receipt prints it (%j)', (typed, stored) => {
    expect(parse({ hstNumber: typed }).hstNumber).toBe(stored);
  });

  it.each([
    '12345678 RT0001', '1234567890 RT0001', '123456789 RC0001', '123456789 RT001', '123456789', 'RT0001', '123-456-789 RT0001', 'none',
  ])('refuses %j beside the number field', (typed) => {
    expect(issues({ ...SCREEN, hstNumber: typed })).toEqual({ hstNumber: 'businessDetails.hstNumberInvalid' });
  });

  it('takes blank fields as cleared: no legal name, no number', () => {
    expect(parse({ legalName: '  ', hstNumber: ' ' })).toMatchObject({ legalName: null, hstNumber: null });
  });

  it('tidies the legal name and limits its length', () => {
    expect(parse({ legalName: '  Escarpment   Mosquito\t& Tick Inc. ' }).legalName).toBe('Escarpment Mosquito & Tick Inc.');
    expect(parse({ legalName: 'e\u0301' }).legalName).toBe('\u00e9');
    expect(parse({ legalName: 'a'.repeat(LEGAL_NAME_MAX) }).legalName).toHaveLength(LEGAL_NAME_MAX);
    expect(issues({ ...SCREEN, legalName: 'a'.repeat(LEGAL_NAME_MAX + 1) })).toEqual({ legalName: 'businessDetails.legalNameTooLong' });
  });
});

describe('BusinessDetailsSchema: the public contact details (0076)', () => {
  it.each([
    ['905-555-0199', '+19055550199'],
    ['(905) 555-0199', '+19055550199'],
    [' +1 289 555 7788 ', '+12895557788'],
    ['1.905.555.0199', '+19055550199'],
  ])('stores the phone %j in one form, E.164 (%j)', (typed, stored) => {
    expect(parse({ phone: typed }).phone).toBe(stored);
  });

  it.each([
    ['', 'businessDetails.phoneRequired'],
    ['555-0199', 'businessDetails.phoneInvalid'],
    ['+44 20 7946 0958', 'businessDetails.phoneInvalid'],
    ['905-555-01ab', 'businessDetails.phoneInvalid'],
    ['905-555-0199 ext. 12', 'businessDetails.phoneExtension'],
    [`905-555-0199${' '.repeat(30)}x`, 'errors.tooLong.phone'],
  ])('refuses the phone %j beside its field (%s)', (typed, message) => {
    expect(issues({ ...SCREEN, phone: typed })).toEqual({ phone: message });
  });

  it('stores the email trimmed and in lower case, and refuses one that is not an address', () => {
    expect(parse({ email: '  Office@Example.CA ' }).email).toBe('office@example.ca');
    expect(issues({ ...SCREEN, email: '' })).toEqual({ email: 'businessDetails.emailRequired' });
    expect(issues({ ...SCREEN, email: 'office at example.ca' })).toEqual({ email: 'businessDetails.emailInvalid' });
  });

  it('stores the mailing address tidied, the province in capitals and the postal code as Canada Post writes it', () => {
    expect(parse({ address: '  200   King St W ', city: ' Hamilton ', province: 'on', postalCode: 'l8p4r5' })).toMatchObject({
      address: '200 King St W', city: 'Hamilton', province: 'ON', postalCode: 'L8P 4R5',
    });
  });

  it('requires every line of the mailing address, every email ends with it', () => {
    expect(issues({ ...SCREEN, address: ' ', city: '', province: '', postalCode: '' })).toEqual({
      address: 'businessDetails.streetRequired', city: 'businessDetails.cityRequired',
      province: 'businessDetails.provinceInvalid', postalCode: 'businessDetails.postalCodeInvalid',
    });
    expect(issues({ ...SCREEN, address: 'a'.repeat(301) })).toEqual({ address: 'errors.tooLong.address' });
  });

  it.each(['90210', 'L8N 3W', 'D8N 3W1', 'L8N3W1X', 'L8N-3W1-1'])('refuses the postal code %j', (typed) => {
    expect(issues({ ...SCREEN, postalCode: typed })).toEqual({ postalCode: 'businessDetails.postalCodeInvalid' });
  });

  it('refuses a province that is not Canadian, and a postal code from another province beside the postal code', () => {
    expect(issues({ ...SCREEN, province: 'NY' })).toEqual({ province: 'businessDetails.provinceInvalid' });
    expect(issues({ ...SCREEN, province: 'QC' })).toEqual({ postalCode: 'businessDetails.postalCodeProvince' });
    expect(parse({ province: 'QC', postalCode: 'H2X 1Y4', city: 'Montréal' }).postalCode).toBe('H2X 1Y4');
  });

  it('reports every field at once, whatever else is wrong', () => {
    expect(issues({ ...SCREEN, phone: '123', province: 'QC', email: 'x' })).toEqual({
      phone: 'businessDetails.phoneInvalid', email: 'businessDetails.emailInvalid', postalCode: 'businessDetails.postalCodeProvince',
    });
    expect(issues({ ...SCREEN, phone: '', email: '', province: 'QC' })).toEqual({
      phone: 'businessDetails.phoneRequired', email: 'businessDetails.emailRequired', postalCode: 'businessDetails.postalCodeProvince',
    });
  });

  it('refuses missing fields and other types with translation keys', () => {
    expect(issues({})).toEqual({
      legalName: 'businessDetails.legalNameInvalid', hstNumber: 'businessDetails.hstNumberInvalid', phone: 'businessDetails.phoneRequired',
      email: 'businessDetails.emailRequired', address: 'businessDetails.streetRequired', city: 'businessDetails.cityRequired',
      province: 'businessDetails.provinceInvalid', postalCode: 'businessDetails.postalCodeInvalid',
    });
    expect(issues({ ...SCREEN, legalName: 7, hstNumber: 123456789 })).toEqual({ legalName: 'businessDetails.legalNameInvalid', hstNumber: 'businessDetails.hstNumberInvalid' });
  });
});
