import { describe, expect, it } from 'vitest';
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
});
