import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { LOCALES } from '@/i18n/routing';
import { NOT_TREATED_REASONS } from '@/lib/not-treated-reasons';
import { describeNotTreated, findNotTreatedReasonKey } from './components/route-format';
import { NotTreatedSchema } from './route.schema';

describe("NotTreatedSchema: the day sheet's Couldn't treat (0085)", () => {
  it.each([
    [{ reason: 'no-access' }, { reason: 'no-access' }],
    [{ reason: 'weather', note: '  Thunderstorm at noon  ' }, { reason: 'weather', note: 'Thunderstorm at noon' }],
    [{ reason: 'other', note: 'Pool cover off, children swimming' }, { reason: 'other', note: 'Pool cover off, children swimming' }],
  ])('accepts %j', (input, parsed) => {
    expect(NotTreatedSchema.parse(input)).toEqual(parsed);
  });

  it.each([
    [{}, 'reason', 'routing.notTreated.reasonRequired'],
    [{ reason: 'lunch' }, 'reason', 'routing.notTreated.reasonRequired'],
    [{ reason: 'other' }, 'note', 'routing.notTreated.noteRequired'],
    [{ reason: 'other', note: '   ' }, 'note', 'routing.notTreated.noteRequired'],
    [{ reason: 'no-access', note: 'x'.repeat(501) }, 'note', 'routing.notTreated.noteTooLong'],
  ])('refuses %j on %s with %s', (input, field, message) => {
    const result = NotTreatedSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });
});

describe('reason labels', () => {
  it.each(LOCALES)('names every reason, each differently, in %s', (locale) => {
    const t = getTranslator(locale, 'routing');
    const labels = NOT_TREATED_REASONS.map((reason) => t(findNotTreatedReasonKey(reason)));
    expect(labels.every((label) => label.length > 0 && !label.includes('notTreated'))).toBe(true);
    expect(new Set(labels).size).toBe(NOT_TREATED_REASONS.length);
  });

  it("describes a visit not treated with the reason, who and when (Toronto time); nothing for a visit without the mark", () => {
    const visit = { notTreatedReason: 'no-access' as const, notTreatedNote: 'Gate padlocked', notTreatedAt: '2027-06-11T14:05:00.000Z', notTreatedBy: 'Crew A' };
    expect(describeNotTreated(visit, 'en', getTranslator('en', 'routing'))).toEqual({
      label: 'Not treated: Gate locked or no access', byline: 'Crew A, Jun 11, 2027, 10:05 AM', note: 'Gate padlocked',
    });
    expect(describeNotTreated(visit, 'de', getTranslator('de', 'routing'))?.label).toBe('Nicht behandelt: Tor verschlossen oder kein Zugang');
    expect(describeNotTreated({ ...visit, notTreatedReason: null }, 'en', getTranslator('en', 'routing'))).toBeNull();
  });
});
