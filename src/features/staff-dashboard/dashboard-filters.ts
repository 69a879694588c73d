/**
 * The staff dashboard's Customers and Payments filters (docs/decisions/0101), pure: what the page's
 * address and the list requests say, read the same way on the server and in the browser.
 */
import { checkExportRange, type ExportRange, MAX_EXPORT_DAYS, type RangeCheck } from '@/features/exports/export-range';

/** The dashboard's tabs, as `?tab=` names them. */
export const DASHBOARD_TABS = ['appointments', 'customers', 'payments', 'messages', 'emails'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** `?tab=`: one of the tabs, the Appointments tab for anything else. */
export function readDashboardTab(value: unknown): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab === value) ?? 'appointments';
}

/** The Customers tab's lists: every customer, or those with a past visit and nothing booked from today on. */
export const CUSTOMER_FILTERS = ['all', 'nothing-booked-ahead'] as const;
export type CustomerFilter = (typeof CUSTOMER_FILTERS)[number];

/** `?customers=` as the page's address gives it: the one filter, or all for anything else. */
export function readCustomerFilterParam(value: unknown): CustomerFilter {
  return value === 'nothing-booked-ahead' ? 'nothing-booked-ahead' : 'all';
}

/** The refusal of a range, as the exports word it (0036), and the longest range for its message. */
export type ListRangeRefusal = Extract<RangeCheck, { ok: false }> & { days: typeof MAX_EXPORT_DAYS };

/**
 * The Payments list's From/To (`?from=&to=`): none given (both left out or blank) is every
 * payment; otherwise the exports' rule, two calendar days in order at most a year apart, so the
 * list, its totals and its files take one range.
 */
export function readListRange(from: unknown, to: unknown): { ok: true; range: ExportRange | null } | ListRangeRefusal {
  const blank = (value: unknown) => value === undefined || value === null || value === '';
  if (blank(from) && blank(to)) return { ok: true, range: null };
  const check = checkExportRange(from, to);
  return check.ok ? { ok: true, range: check.range } : { ...check, days: MAX_EXPORT_DAYS };
}

/** What the dashboard opens on, from its address. */
export type DashboardFilters = { tab: DashboardTab; customers: CustomerFilter; paymentsRange: ExportRange | null };

/**
 * The dashboard's address for a tab and its filters, so a reload or a shared link opens the same
 * list: `?tab=customers&customers=nothing-booked-ahead`, `?tab=payments&from=…&to=…`. The defaults
 * (the Appointments tab, every customer, every payment) are left out.
 */
export function buildDashboardQuery(state: Partial<DashboardFilters>): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== 'appointments') params.set('tab', state.tab);
  if (state.customers && state.customers !== 'all') params.set('customers', state.customers);
  if (state.paymentsRange) {
    params.set('from', state.paymentsRange.from);
    params.set('to', state.paymentsRange.to);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
