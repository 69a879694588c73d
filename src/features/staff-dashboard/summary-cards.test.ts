import { describe, expect, it } from 'vitest';
import { getTranslator } from '@/i18n/messages';
import { buildSummaryCards } from './summary-cards';

const totals = { revenueCents: 123_456_78, confirmedAppointments: 1_204, totalCustomers: 2_143, totalPayments: 987 };
const values = (locale: string) => buildSummaryCards(totals, locale, (key) => key).map((card) => card.value.replace(/[\u00A0\u202F]/g, ' '));

describe('buildSummaryCards', () => {
  it('writes each figure with the locale\'s digit grouping, as a season of customers needs', () => {
    expect(values('en')).toEqual(['$123,456.78', '1,204', '2,143', '987']);
    expect(values('fr')).toEqual(['123 456,78 $', '1 204', '2 143', '987']);
    expect(values('de')).toEqual(['123.456,78 $', '1.204', '2.143', '987']);
  });

  it('keeps SPEC\'s card order and names', () => {
    expect(buildSummaryCards(totals, 'en', (key) => key).map((card) => card.label)).toEqual(['totalRevenue', 'confirmedAppointments', 'totalCustomers', 'totalPayments']);
  });

  it('says under the two payment figures which payments they count, in the page\'s language (docs/decisions/0028)', () => {
    expect(buildSummaryCards(totals, 'en', (key) => key).map((card) => card.note)).toEqual(['totalRevenueNote', null, null, 'totalPaymentsNote']);
    const notes = (locale: 'en' | 'es' | 'fr' | 'de') => {
      const t = getTranslator(locale, 'adminDashboard');
      return buildSummaryCards(totals, locale, (key) => t(key)).map((card) => card.note);
    };
    expect(notes('en')).toEqual(['Payments received, HST included, less refunds. Office tests not included.', null, null, 'Payments received, including refunded ones. Office tests not included.']);
    for (const locale of ['es', 'fr', 'de'] as const) {
      const [revenue, , , count] = notes(locale);
      expect(revenue).not.toMatch(/adminDashboard\.|Payments received/);
      expect(count).not.toMatch(/adminDashboard\.|Payments received/);
    }
  });
});
