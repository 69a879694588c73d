import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import { DaySheet } from './day-sheet';

/** The sheet's first render (before any effect runs), as markup. */
function renderSheet(locale: 'en' | 'de', technicians: { id: number; name: string }[]) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['routing'])}>
      <DaySheet initialDate="2027-05-07" technicians={technicians} fixedTechnicianId={null} canOptimize />
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
