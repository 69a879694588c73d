import { describe, expect, it } from 'vitest';
import { ProductChangeSchema, ProductInputSchema } from './product.schema';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const valid = { name: 'Demo Barrier Concentrate', pcpNumber: '99901', unit: 'ml-concentrate' };

describe('ProductInputSchema', () => {
  it('tidies the name and reads the PCP number as the label prints it', () => {
    expect(ProductInputSchema.parse({ ...valid, name: '  Demo   Barrier Concentrate ', pcpNumber: 'Reg. No. 99901 PCP' })).toEqual(valid);
    expect(ProductInputSchema.parse({ ...valid, pcpNumber: 'PCP# 123' }).pcpNumber).toBe('123');
  });

  it.each([
    [{ name: '  ' }, { name: 'applicationRecords.products.nameRequired' }],
    [{ name: 'x'.repeat(81) }, { name: 'applicationRecords.products.nameTooLong' }],
    [{ pcpNumber: '' }, { pcpNumber: 'applicationRecords.products.pcpRequired' }],
    [{ pcpNumber: '12' }, { pcpNumber: 'applicationRecords.products.pcpInvalid' }],
    [{ pcpNumber: '1234567' }, { pcpNumber: 'applicationRecords.products.pcpInvalid' }],
    [{ pcpNumber: '12A45' }, { pcpNumber: 'applicationRecords.products.pcpInvalid' }],
    [{ unit: 'kg' }, { unit: 'applicationRecords.products.unitInvalid' }],
    [{ unit: undefined }, { unit: 'applicationRecords.products.unitInvalid' }],
  ])('refuses %j', (change, expected) => {
    expect(issues(ProductInputSchema.safeParse({ ...valid, ...change }))).toEqual(expected);
  });
});

describe('ProductChangeSchema', () => {
  it('takes any field, or retiring alone', () => {
    expect(ProductChangeSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(ProductChangeSchema.parse({ unit: 'g' })).toEqual({ unit: 'g' });
  });

  it('refuses an empty change', () => {
    expect(issues(ProductChangeSchema.safeParse({}))).toEqual({ name: 'applicationRecords.products.nothingToChange' });
  });
});
