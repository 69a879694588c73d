import { formatCad, intlLocale } from '@/lib/format';

export type DashboardTotals = { revenueCents: number; confirmedAppointments: number; totalCustomers: number; totalPayments: number };

type SummaryKey = 'totalRevenue' | 'confirmedAppointments' | 'totalCustomers' | 'totalPayments';
type NoteKey = 'totalRevenueNote' | 'totalPaymentsNote';

/**
 * The dashboard's four summary cards (SPEC "Admin dashboard"), each figure written for the page's
 * locale: '2,143' in English, '2 143' in French, '2.143' in German, like every other number there.
 * The two payment cards say which payments they count (received, office tests left out,
 * docs/decisions/0028), since the Payments tab lists every row.
 */
export function buildSummaryCards(totals: DashboardTotals, locale: string, label: (key: SummaryKey | NoteKey) => string) {
  const count = new Intl.NumberFormat(intlLocale(locale));
  return [
    { label: label('totalRevenue'), value: formatCad(totals.revenueCents, locale), note: label('totalRevenueNote') },
    { label: label('confirmedAppointments'), value: count.format(totals.confirmedAppointments), note: null },
    { label: label('totalCustomers'), value: count.format(totals.totalCustomers), note: null },
    { label: label('totalPayments'), value: count.format(totals.totalPayments), note: label('totalPaymentsNote') },
  ];
}
