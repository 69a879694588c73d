import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator, pickMessages } from '@/i18n/messages';
import { formatShortDate } from '@/lib/format';
import type { AppointmentPage } from '../dashboard.service';
import { AppointmentsPanel } from './appointments-panel';

type Row = AppointmentPage['appointments'][number];

const TODAY = '2027-06-11';

function row(id: number, firstName: string, date: string, status: string): Row {
  return {
    id, date, time: '09:00', serviceType: 'onetime', kind: 'scheduled', status, address: '12 King St W', city: 'Hamilton', customerId: id,
    firstName, lastName: 'Tremblay', visitNumber: 1, needsStaffAttention: false, isRescheduled: false, originalDate: null, rescheduledReason: null,
    visitNote: null, technicianId: null,
  } as Row;
}

function render(locale: 'en' | 'fr' | 'de' | 'es', rows: Row[]) {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} timeZone="America/Toronto" messages={pickMessages(locale, ['adminDashboard', 'routing', 'applicationRecords', 'serviceAreaAdmin'])}>
      <AppointmentsPanel
        initial={{ appointments: rows, nextCursor: null, today: TODAY }}
        refreshTick={0}
        customerDetailsPath="/customer-details"
        completion={{ products: [], lastProductByTechnician: {}, technicians: [] }}
      />
    </NextIntlClientProvider>,
  );
}

/** The accessible names of the buttons offered for the visit of `name` on `date`. */
function buttonsFor(html: string, locale: 'en' | 'fr', name: string, date: string) {
  const who = `${name} Tremblay, ${formatShortDate(date, locale)}`;
  return [...html.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&#x27;', '\'')).filter((label) => label.endsWith(`: ${who}`)).map((label) => label.slice(0, -who.length - 2));
}

describe('the Appointments tab offers "Mark completed" from a visit\'s day on (0057)', () => {
  it.each(['en', 'fr'] as const)('on today\'s and a past visit, not on next week\'s, which says why and can still be moved (%s)', (locale) => {
    const t = getTranslator(locale, 'adminDashboard');
    const html = render(locale, [row(1, 'Today', TODAY, 'confirmed'), row(2, 'Past', '2027-06-04', 'confirmed'), row(3, 'Later', '2027-06-18', 'confirmed')]);
    expect(buttonsFor(html, locale, 'Today', TODAY)).toEqual([t('markCompleted'), t('move.open')]);
    expect(buttonsFor(html, locale, 'Past', '2027-06-04')).toEqual([t('markCompleted'), t('move.open')]);
    expect(buttonsFor(html, locale, 'Later', '2027-06-18')).toEqual([t('move.open')]);
    expect(html).toContain(t('list.completeFromVisitDay'));
  });

  it('still offers "Undo completed" on a later visit completed before the rule, and says nothing when every visit\'s day has come', () => {
    const t = getTranslator('en', 'adminDashboard');
    const html = render('en', [row(4, 'Legacy', '2027-06-18', 'completed'), row(5, 'Done', TODAY, 'completed'), row(6, 'Open', TODAY, 'confirmed')]);
    expect(buttonsFor(html, 'en', 'Legacy', '2027-06-18')).toEqual([t('undoCompleted')]);
    expect(buttonsFor(html, 'en', 'Open', TODAY)).toEqual([t('markCompleted'), t('move.open')]);
    expect(html).not.toContain(t('list.completeFromVisitDay'));
  });
});

describe('the Appointments tab names what was sold with each visit, as the day sheet does (0064)', () => {
  it.each([
    ['en', 'Add-ons: Tick control, Natural barrier with repelling plants'],
    ['fr', 'Options\u00A0: Contrôle des tiques, Barrière naturelle de plantes répulsives'],
    ['de', 'Zusatzleistungen: Zeckenbekämpfung, Natürliche Barriere mit abwehrenden Pflanzen'],
    ['es', 'Complementos: Control de garrapatas, Barrera natural con plantas repelentes'],
  ] as const)('under the service of the visit that has them, not of the one without (%s)', (locale, addOns) => {
    const sold = { ...row(7, 'Sold', TODAY, 'confirmed'), includeTick: true, includeTargetedInsects: false, extras: ['natural-barrier'] };
    const plain = { ...row(8, 'Plain', TODAY, 'confirmed'), includeTick: false, includeTargetedInsects: false, extras: [] };
    const cells = (html: string, name: string) => html.split('<tr>').find((r) => r.includes(`>${name} Tremblay<`))!;
    const html = render(locale, [sold, plain]);
    const service = getTranslator(locale, 'adminDashboard')('services.onetime');
    expect(cells(html, 'Sold')).toContain(`${service}<span class="block text-xs text-gray-700">${addOns}</span>`);
    expect(cells(html, 'Plain')).toContain(`<td class="px-3 py-2 align-top">${service}</td>`);
  });
});

describe('the Appointments tab flags a visit whose community is no longer served (0096)', () => {
  it.each(['en', 'fr'] as const)('under its address, and only that visit (%s)', (locale) => {
    const t = getTranslator(locale, 'serviceAreaAdmin');
    const html = render(locale, [
      { ...row(1, 'Vineland', TODAY, 'confirmed'), outsideServiceArea: { postalCode: 'L0R 2C4', area: 'Vineland' } },
      { ...row(2, 'Hamilton', TODAY, 'confirmed'), outsideServiceArea: null },
    ]);
    expect(html.match(/data-testid="outside-service-area"/g)).toHaveLength(1);
    const flag = html.slice(html.indexOf('data-testid="outside-service-area"'));
    expect(flag).toContain(`>${t('outsideArea.title')}</span>`);
    expect(flag).toContain(`>${t('outsideArea.community', { postalCode: 'L0R 2C4', area: 'Vineland' })}</span>`);
    expect(flag).toContain(`>${t('outsideArea.visit')}</span>`);
    // In the Vineland visit's row, after its address.
    expect(html.lastIndexOf('Vineland Tremblay', html.indexOf('data-testid="outside-service-area"'))).toBeGreaterThan(-1);
    expect(html.indexOf('Hamilton Tremblay')).toBeGreaterThan(html.indexOf('data-testid="outside-service-area"'));
  });
});
