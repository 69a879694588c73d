import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import { DaySheet } from './day-sheet';
import { findChangeNoticeKey, noticeValues } from './use-stop-outbox';

/** The sheet's first render (before any effect runs), as markup. */
function renderSheet(locale: 'en' | 'de', technicians: { id: number; name: string }[]) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing'])}>
      <DaySheet initialDate="2027-05-07" technicians={technicians} fixedTechnicianId={null} canOptimize officePhone="905-555-0100" />
    </NextIntlClientProvider>,
  );
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');

describe('DaySheet for an admin', () => {
  it.each(['en', 'de'] as const)('says that no technician is set up instead of loading forever (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const html = renderSheet(locale, []);
    expect(html).toContain(escapeHtml(t('noTechnicians')));
    expect(html).not.toContain(t('loading'));
    // The date stays editable; with nobody to plan for, Optimize is off.
    expect(html).toMatch(/<input(?![^>]*disabled="")[^>]*id="sheet-date"/);
    expect(html).toContain(`disabled="">${t('optimize')}</button>`);
  });

  it("loads the first technician's sheet when there is one", () => {
    const t = getTranslator('en', 'routing');
    const html = renderSheet('en', [{ id: 1, name: 'Crew A' }]);
    expect(html).toContain(t('loading'));
    expect(html).not.toContain(escapeHtml(t('noTechnicians')));
    expect(html).not.toContain(`disabled="">${t('optimize')}</button>`);
  });
});

describe('the day sheet before the day is planned', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('names the booked visits, the button and the office phone in %s', (locale) => {
    const t = getTranslator(locale, 'routing');
    const one = t('notPlannedBooked', { count: 1 });
    const three = t('notPlannedBooked', { count: 3 });
    expect(one).toContain('1');
    expect(three).toContain('3');
    expect(three.replace('3', '1')).not.toBe(one);
    expect(t('notPlannedAdmin', { button: t('optimize') })).toContain(t('optimize'));
    expect(t('callOffice', { phone: '(905) 555-0134' })).toContain('(905) 555-0134');
    expect(t('notAssignedAdminTitle', { name: 'Crew B' })).toContain('Crew B');
    for (const key of ['notPlannedTitle', 'notPlannedTechnician', 'notAssignedTitle', 'notAssignedBody']) expect(t(key)).not.toMatch(/^routing\./);
  });
});

describe('a planned day with visits no route has yet', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('tells the technician their stops may change, and the office to optimise again (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    for (const key of ['awaitingRouteTechnician', 'awaitingRouteAdmin'] as const) {
      const one = t(key, { count: 1, button: t('optimize') });
      const two = t(key, { count: 2, button: t('optimize') });
      expect(one).toContain('1');
      expect(two).toContain('2');
      // Singular and plural are worded differently, not just numbered.
      expect(two.replace('2', '1')).not.toBe(one);
    }
    expect(t('awaitingRouteAdmin', { count: 2, button: t('optimize') })).toContain(t('optimize'));
  });
});

describe('the day sheet without signal (0045)', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('names the customer, the count and the saved time in its messages (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    for (const key of ['offline.keptDoneBody', 'offline.keptUndoBody', 'offline.refusedTitle']) expect(t(key, { name: 'Olivia Tremblay' })).toContain('Olivia Tremblay');
    expect(t('offline.copyBanner', { time: 'Fri 8:02 AM' })).toContain('Fri 8:02 AM');
    expect(t('offline.refusedOnStop', { message: 'Not on your route.' })).toContain('Not on your route.');
    expect(t('offline.refusedManyBody', { names: 'A and B' })).toContain('A and B');
    for (const key of ['offline.pendingSummary', 'offline.sentBody', 'offline.refusedManyTitle']) {
      const one = t(key, { count: 1 });
      const three = t(key, { count: 3 });
      expect(three).toContain('3');
      expect(three.replace('3', '1')).not.toBe(one);
    }
    for (const key of ['offline.waitingBadge', 'offline.signedOutBody', 'offline.stillNoSignalBody', 'stopAlreadyDone', 'doneAtInFuture', 'doneAtBeforeVisitDay', 'invalidDoneAt']) {
      expect(t(key)).not.toMatch(/^routing\./);
    }
  });
});

describe('a change the office changed after it arrived (0052)', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('names the customer, tells a mark from an Undo, and counts several (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const mark = t(findChangeNoticeKey('superseded', 'done'), noticeValues('Olivia Tremblay'));
    const undo = t(findChangeNoticeKey('superseded', 'undo'), noticeValues('Olivia Tremblay'));
    for (const text of [mark, undo, t('offline.supersededTitle', { name: 'Olivia Tremblay' })]) expect(text).toContain('Olivia Tremblay');
    expect(mark).not.toBe(undo);
    expect(t('offline.attentionManyBody', { names: 'A and B' })).toContain('A and B');
    const one = t('offline.attentionManyTitle', { count: 1 });
    const three = t('offline.attentionManyTitle', { count: 3 });
    expect(three).toContain('3');
    expect(three.replace('3', '1')).not.toBe(one);
    expect(t('invalidChangeId')).not.toMatch(/^routing\./);
  });
});

describe('a change kept on the phone longer than the server keeps ids (0057)', () => {
  it.each(['en', 'es', 'fr', 'de'] as const)('names the customer and the days, tells a mark from an Undo, and differs from the other notices (%s)', (locale) => {
    const t = getTranslator(locale, 'routing');
    const mark = t(findChangeNoticeKey('tooOld', 'done'), noticeValues('Olivia Tremblay'));
    const undo = t(findChangeNoticeKey('tooOld', 'undo'), noticeValues('Olivia Tremblay'));
    for (const text of [mark, undo, t('offline.tooOldTitle', { name: 'Olivia Tremblay' })]) expect(text).toContain('Olivia Tremblay');
    for (const text of [mark, undo, t('stopChangeTooOld', { days: 30 })]) expect(text).toContain('30');
    expect(mark).not.toBe(undo);
    expect(mark).not.toBe(t(findChangeNoticeKey('superseded', 'done'), noticeValues('Olivia Tremblay')));
    expect(t('offline.tooOldTitle', { name: 'Olivia Tremblay' })).not.toBe(t('offline.refusedTitle', { name: 'Olivia Tremblay' }));
    for (const key of ['takenAtInFuture', 'invalidTakenAt']) expect(t(key)).not.toMatch(/^routing\./);
  });
});
