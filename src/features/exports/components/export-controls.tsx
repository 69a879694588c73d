'use client';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { readRefusal } from '@/features/staff-dashboard/components/staff-api';
import { readListRange } from '@/features/staff-dashboard/dashboard-filters';
import type { ExportRange } from '../export-range';
import type { AmountSums } from '../export-rows';
import { formatCad, formatLongDate } from '@/lib/format';

export const PAYMENTS_EXPORT_PATH = '/api/admin/exports/payments';
export const REFUNDS_EXPORT_PATH = '/api/admin/exports/refunds';
export const CUSTOMERS_EXPORT_PATH = '/api/admin/exports/customers';
export const APPLICATIONS_EXPORT_PATH = '/api/admin/exports/applications';
export const UNSUBSCRIBED_EXPORT_PATH = '/api/admin/exports/unsubscribed-addresses';
export const PERIOD_TOTALS_PATH = '/api/admin/exports/totals';

/** The file name a download's Content-Disposition gives (`attachment; filename="x.csv"`), or null. */
export function readAttachmentName(header: string | null): string | null {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;
}

/** Hands a fetched file to the browser's downloads, under `filename`. */
function saveFile(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has the file by then; the address only had to outlive the click.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The Payments tab's "Export CSV" (docs/decisions/0036): a From/To range, the current month so far
 * by default, and two downloads for it: the payments received, and the refunds made, each on its
 * own day (0075).
 */
export function PaymentsExportForm({ defaultRange, list }: { defaultRange: ExportRange; list?: RangeListing }) {
  const t = useTranslations('exports.form');
  return (
    <RangeExportForm
      list={list}
      downloads={[
        { path: PAYMENTS_EXPORT_PATH, name: 'payments', label: t('downloadPayments') },
        { path: REFUNDS_EXPORT_PATH, name: 'refunds', label: t('downloadRefunds') },
      ]}
      title={t('paymentsTitle')}
      intro={t('paymentsIntro')}
      defaultRange={defaultRange}
      withTotals
    />
  );
}

/** The products screen's export of application records (docs/decisions/0042), as the payments one. */
export function ApplicationsExportForm({ defaultRange }: { defaultRange: ExportRange }) {
  const t = useTranslations('exports.form');
  return (
    <RangeExportForm
      downloads={[{ path: APPLICATIONS_EXPORT_PATH, name: 'application-records', label: t('download') }]}
      title={t('applicationsTitle')}
      intro={t('applicationsIntro')}
      defaultRange={defaultRange}
    />
  );
}

/**
 * The Payments tab's list under the form (docs/decisions/0101): "List payments received" lists the
 * payments received in the range in the fields, by the day paid as the files and totals date them
 * (0109); "List all payments" every payment again; `listed` is the range listed, if any.
 */
export type RangeListing = { listed: ExportRange | null; onList: (range: ExportRange | null) => void };

/** One file a range form downloads: its API path, its name when the server gives none, its button's label. */
type RangeDownload = { path: string; name: string; label: string };

/**
 * CSV downloads of one From/To range, a button each. A plain GET form that downloads without
 * JavaScript too (the first button sends it to the form's action, the others to their own);
 * once hydrated it fetches the file of the button pressed (Enter in a field is the first), so a
 * refused range shows the server's message beside the fields instead of a page of JSON.
 */
function RangeExportForm({ downloads, title, intro, defaultRange, withTotals = false, list }: { downloads: readonly [RangeDownload, ...RangeDownload[]]; title: string; intro: string; defaultRange: ExportRange; withTotals?: boolean; list?: RangeListing }) {
  const t = useTranslations('exports.form');
  const tAll = useTranslations();
  const id = useId();
  const [range, setRange] = useState(defaultRange);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field: string | null } | null>(null);
  const [totals, setTotals] = useState<PeriodTotals | null>(null);

  // The range's sums (0095), asked for the dates in the fields; a refusal shows where a download's does.
  const showTotals = async () => {
    setPending(true);
    setRefusal(null);
    setTotals(null);
    try {
      const res = await fetch(`${PERIOD_TOTALS_PATH}?${new URLSearchParams({ from: range.from, to: range.to })}`, { credentials: 'include' }).catch(() => null);
      const body = (await res?.json().catch(() => null)) as (PeriodTotals & Parameters<typeof readRefusal>[0] & { field?: string }) | null;
      if (res?.ok && body) setTotals(body);
      else setRefusal({ message: readRefusal(body) ?? t('totalsFailed'), field: body?.field ?? null });
    } finally {
      setPending(false);
    }
  };

  // The list takes the range the files do (0101), checked here by their rule before it is asked for.
  const listRange = () => {
    const check = readListRange(range.from, range.to);
    if (!check.ok) return setRefusal({ message: tAll(check.messageKey, { days: check.days }), field: check.field });
    setRefusal(null);
    list?.onList(check.range);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const download = downloads.find((d) => d.path === submitter?.getAttribute('formaction')) ?? downloads[0];
    setPending(true);
    setRefusal(null);
    const query = new URLSearchParams({ from: range.from, to: range.to });
    try {
      const res = await fetch(`${download.path}?${query}`, { credentials: 'include' }).catch(() => null);
      // A connection lost while the file arrives is a failed download too, never a button left spinning.
      const file = res?.ok ? await res.blob().catch(() => null) : null;
      if (res?.ok && file) {
        saveFile(file, readAttachmentName(res.headers.get('content-disposition')) ?? `${download.name}-${range.from}-to-${range.to}.csv`);
      } else {
        const body = (res && !res.ok ? await res.json().catch(() => null) : null) as (Parameters<typeof readRefusal>[0] & { field?: string }) | null;
        setRefusal({ message: readRefusal(body) ?? t('failed'), field: body?.field ?? null });
      }
    } finally {
      setPending(false);
    }
  };

  const field = (name: 'from' | 'to') => {
    const invalid = refusal !== null && (refusal.field === name || refusal.field === null);
    return (
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-${name}`}>{t(name)}</Label>
        <Input
          id={`${id}-${name}`}
          name={name}
          type="date"
          required
          className="w-44"
          value={range[name]}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setRange((current) => ({ ...current, [name]: event.target.value }));
            setTotals(null);
          }}
        />
      </div>
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-md border border-gray-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-base font-semibold">{title}</h2>
      <p className="mt-1 text-sm text-gray-600">{intro}</p>
      <form method="get" action={downloads[0].path} onSubmit={(event) => void submit(event)} className="mt-3 flex flex-wrap items-end gap-3">
        {field('from')}
        {field('to')}
        {downloads.map((download, i) => (
          <Button
            key={download.path}
            type="submit"
            variant={i === 0 ? 'default' : 'outline'}
            formAction={i === 0 ? undefined : download.path}
            disabled={pending}
          >
            {download.label}
          </Button>
        ))}
        {withTotals ? <Button type="button" variant="outline" disabled={pending} onClick={() => void showTotals()}>{t('showTotals')}</Button> : null}
        {list ? <Button type="button" variant="outline" disabled={pending} onClick={listRange}>{t('listPayments')}</Button> : null}
        {list?.listed ? <Button type="button" variant="ghost" disabled={pending} onClick={() => list.onList(null)}>{t('listAll')}</Button> : null}
      </form>
      {refusal ? <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">{refusal.message}</p> : null}
      {totals ? <PeriodTotalsTable totals={totals} /> : null}
    </section>
  );
}

/** The Customers tab's "Export CSV": the customer list as a download (docs/decisions/0036). */
export function CustomersExportLink() {
  const t = useTranslations('exports.form');
  return <a href={CUSTOMERS_EXPORT_PATH} className={buttonVariants({ variant: 'outline' })}>{t('customersLink')}</a>;
}

/** The unsubscribed addresses screen's "Download CSV": the whole do-not-email list (docs/decisions/0074). */
export function UnsubscribedExportLink() {
  const t = useTranslations('exports.form');
  return <a href={UNSUBSCRIBED_EXPORT_PATH} className={buttonVariants({ variant: 'outline' })}>{t('download')}</a>;
}

/** What `GET /api/admin/exports/totals` answers (`findPeriodTotals`). */
type PeriodTotals = { range: ExportRange; payments: AmountSums; refunds: AmountSums; net: Omit<AmountSums, 'count'> };

/**
 * The range's payments received, refunds made and net, before tax, HST and total (docs/decisions/0095):
 * the two files' amount columns summed, for the year-end and the HST return.
 */
function PeriodTotalsTable({ totals }: { totals: PeriodTotals }) {
  const t = useTranslations('exports.form.totals');
  const locale = useLocale();
  const money = (cents: number) => formatCad(cents, locale);
  const rows = [
    { key: 'payments', label: t('payments', { count: totals.payments.count }), sums: totals.payments },
    { key: 'refunds', label: t('refunds', { count: totals.refunds.count }), sums: totals.refunds },
    { key: 'net', label: t('net'), sums: totals.net },
  ];
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full max-w-2xl text-sm">
        <caption className="mb-2 text-left font-semibold">{t('caption', { from: formatLongDate(totals.range.from, locale), to: formatLongDate(totals.range.to, locale) })}</caption>
        <thead>
          <tr className="border-b text-left text-gray-600">
            <th scope="col" className="py-1 pr-4 font-medium"><span className="sr-only">{t('what')}</span></th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">{t('beforeTax')}</th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">{t('hst')}</th>
            <th scope="col" className="py-1 text-right font-medium">{t('total')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.key === 'net' ? 'border-t font-semibold' : undefined}>
              <th scope="row" className="py-1 pr-4 text-left font-normal">{row.label}</th>
              <td className="py-1 pr-4 text-right tabular-nums">{money(row.sums.subtotalCents)}</td>
              <td className="py-1 pr-4 text-right tabular-nums">{money(row.sums.taxCents)}</td>
              <td className="py-1 text-right tabular-nums">{money(row.sums.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-gray-600">{t('note')}</p>
    </div>
  );
}
