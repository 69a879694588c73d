import { formatCad, intlLocale } from '@/lib/format';

export type DashboardTotals = { revenueCents: number; confirmedAppointments: number; totalCustomers: number; totalPayments: number };

/**
 * The dashboard's four summary cards (SPEC "Admin dashboard"), each figure written for the page's
 * locale: '2,143' in English, '2 143' in French, '2.143' in German, like every other number there.
 */
export function buildSummaryCards(totals: DashboardTotals, locale: string, label: (key: 'totalRevenue' | 'confirmedAppointments' | 'totalCustomers' | 'totalPayments') => string) {
  const count = new Intl.NumberFormat(intlLocale(locale));
  return [
    { label: label('totalRevenue'), value: formatCad(totals.revenueCents, locale) },
    { label: label('confirmedAppointments'), value: count.format(totals.confirmedAppointments) },
    { label: label('totalCustomers'), value: count.format(totals.totalCustomers) },
    { label: label('totalPayments'), value: count.format(totals.totalPayments) },
  ];
}
