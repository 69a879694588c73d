import { describe, expect, it } from 'vitest';
import { StopStatusChangeSchema } from '@/features/routing/route.schema';
import { ApplicationLinesSchema, VisitRecordEditSchema } from './application-record.schema';
import { checkLineDrafts, createLine, findFirstErrorId, lineFieldId, linesFromRecord, toLinePayload } from './application-form';

/** The first message per field, as the form and the handler see them. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('ApplicationLinesSchema', () => {
  it('reads the product as a number and the amount in hundredths, from text or a number', () => {
    expect(ApplicationLinesSchema.parse([{ productId: '3', amount: '12,5' }, { productId: 4, amount: 0.75 }])).toEqual([
      { productId: 3, amount: 1250 },
      { productId: 4, amount: 75 },
    ]);
  });

  it('names each bad field with its translation key', () => {
    const result = ApplicationLinesSchema.safeParse([
      { productId: '', amount: '2' },
      { productId: '2', amount: '1.234' },
      { productId: '3', amount: '' },
      { productId: '4', amount: '0' },
    ]);
    expect(issues(result)).toEqual({
      '0.productId': 'applicationRecords.productRequired',
      '1.amount': 'applicationRecords.amountDecimals',
      '2.amount': 'applicationRecords.amountRequired',
      '3.amount': 'applicationRecords.amountPositive',
    });
  });

  it('takes at most five lines, and a product once', () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ productId: i + 1, amount: '1' }));
    expect(issues(ApplicationLinesSchema.safeParse(six))).toEqual({ '': 'applicationRecords.tooManyLines' });
    expect(ApplicationLinesSchema.safeParse(six.slice(0, 5)).success).toBe(true);
    expect(issues(ApplicationLinesSchema.safeParse([{ productId: 2, amount: '1' }, { productId: 2, amount: '3' }]))).toEqual({ '1.productId': 'applicationRecords.duplicateProduct' });
  });

  it('refuses what is not a list of lines', () => {
    expect(issues(ApplicationLinesSchema.safeParse('3 mL'))).toEqual({ '': 'applicationRecords.invalidLines' });
    expect(issues(ApplicationLinesSchema.safeParse([{ productId: 1, amount: null }]))).toEqual({ '0.amount': 'applicationRecords.amountRequired' });
  });
});

describe('the day sheet\'s PATCH body (StopStatusChangeSchema)', () => {
  it('takes the lines with the done mark, and still works without them', () => {
    expect(StopStatusChangeSchema.parse({ status: 'completed', note: ' Back hedge ', applications: [{ productId: 1, amount: '20' }] }))
      .toEqual({ status: 'completed', note: 'Back hedge', applications: [{ productId: 1, amount: 2000 }] });
    expect(StopStatusChangeSchema.parse({ status: 'confirmed' })).toEqual({ status: 'confirmed' });
    expect(issues(StopStatusChangeSchema.safeParse({ status: 'completed', applications: [{ productId: 1, amount: '-2' }] })))
      .toEqual({ 'applications.0.amount': 'applicationRecords.amountPositive' });
  });
});

describe('VisitRecordEditSchema (the office\'s edit)', () => {
  it('trims the note and reads the technician', () => {
    expect(VisitRecordEditSchema.parse({ note: '  Front beds  ', technicianId: '2', applications: [{ productId: '1', amount: '5' }] }))
      .toEqual({ note: 'Front beds', technicianId: 2, applications: [{ productId: 1, amount: 500 }] });
    expect(VisitRecordEditSchema.parse({ note: '', technicianId: null, applications: [] })).toEqual({ note: '', technicianId: null, applications: [] });
    expect(VisitRecordEditSchema.parse({ note: '', technicianId: '', applications: [] }).technicianId).toBeNull();
  });

  it('refuses a note over 500 characters and a technician that is no id', () => {
    expect(issues(VisitRecordEditSchema.safeParse({ note: 'x'.repeat(501), technicianId: null, applications: [] }))).toEqual({ note: 'applicationRecords.visitRecord.noteTooLong' });
    expect(VisitRecordEditSchema.safeParse({ note: '', technicianId: 'Crew A', applications: [] }).success).toBe(false);
    expect(VisitRecordEditSchema.safeParse({ note: '', technicianId: -1, applications: [] }).success).toBe(false);
  });
});

describe('the forms\' line drafts', () => {
  it('start with the default product or none, and come back from a stored record', () => {
    expect(createLine(7)).toMatchObject({ productId: '7', amount: '' });
    expect(createLine()).toMatchObject({ productId: '', amount: '' });
    expect(createLine().key).not.toBe(createLine().key);
    expect(linesFromRecord([{ productId: 2, amountHundredths: 1250 }])).toMatchObject([{ productId: '2', amount: '12.5' }]);
  });

  it('are sent as the product number and the amount as typed', () => {
    expect(toLinePayload([{ key: 1, productId: '2', amount: ' 12,5 ' }])).toEqual([{ productId: 2, amount: '12,5' }]);
  });

  it('are checked with the server\'s schema, by field', () => {
    expect(checkLineDrafts([{ key: 1, productId: '2', amount: '3' }])).toEqual({});
    expect(checkLineDrafts([{ key: 1, productId: '', amount: 'lots' }])).toEqual({
      'applications.0.productId': 'applicationRecords.productRequired',
      'applications.0.amount': 'applicationRecords.amountInvalid',
    });
  });

  it('focus the first bad field in the order the form shows them', () => {
    expect(findFirstErrorId('f', { 'applications.1.amount': 'x', 'applications.1.productId': 'y', note: 'z' }, 2)).toBe(lineFieldId('f', 1, 'productId'));
    expect(findFirstErrorId('f', { applications: 'x' }, 1)).toBe('f-applications-0-productId');
    expect(findFirstErrorId('f', { technicianId: 'x', note: 'y' }, 1, [['technicianId', 'f-tech'], ['note', 'f-note']])).toBe('f-tech');
    expect(findFirstErrorId('f', {}, 1)).toBeNull();
  });
});
