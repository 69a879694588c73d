'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCad, formatShortDate, formatTimeOfDay } from '@/lib/format';
import type { DashboardData } from '../dashboard.service';

const POLL_MS = 30_000;

function DataTable({ head, rows, empty }: { head: string[]; rows: (string | React.ReactNode)[][]; empty: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50">
          <tr>{head.map((h) => <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">{h}</th>)}</tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 ? (
            <tr><td colSpan={head.length} className="px-3 py-6 text-center text-gray-600">{empty}</td></tr>
          ) : rows.map((cells, i) => (
            <tr key={i}>{cells.map((c, j) => <td key={j} className="px-3 py-2 align-top">{c}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AdminDashboard({ initial, customerDetailsPath }: { initial: DashboardData; customerDetailsPath: string }) {
  const t = useTranslations('adminDashboard');
  const locale = useLocale();
  const [data, setData] = useState(initial);

  useEffect(() => {
    // SPEC: appointments and payments refresh every 30 seconds while signed in.
    const timer = window.setInterval(async () => {
      const res = await fetch('/api/admin/dashboard', { credentials: 'include' }).catch(() => null);
      if (res?.ok) setData((await res.json()) as DashboardData);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  const na = t('na');
  const date = (v: string | null | undefined) => formatShortDate(v, locale, t('invalidDate')) ?? na;
  const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || na;
  const service = (s: string) => (t.has(`services.${s}`) ? t(`services.${s}`) : s);
  const status = (s: string | null) => (s ? <Badge variant={statusBadgeVariant(s)}>{t.has(`statuses.${s}`) ? t(`statuses.${s}`) : s}</Badge> : na);

  const cards = [
    { label: t('totalRevenue'), value: formatCad(data.totals.revenueCents, locale) },
    { label: t('confirmedAppointments'), value: String(data.totals.confirmedAppointments) },
    { label: t('totalCustomers'), value: String(data.totals.totalCustomers) },
    { label: t('totalPayments'), value: String(data.totals.totalPayments) },
  ];

  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.label}>
            <CardHeader className="pb-2"><h2 className="text-sm font-medium text-gray-600">{c.label}</h2></CardHeader>
            <CardContent><p className="text-2xl font-bold">{c.value}</p></CardContent>
          </Card>
        ))}
      </div>
      <Tabs defaultValue="appointments">
        <TabsList aria-label={t('sections')}>
          <TabsTrigger value="appointments">{t('tabs.appointments')}</TabsTrigger>
          <TabsTrigger value="customers">{t('tabs.customers')}</TabsTrigger>
          <TabsTrigger value="payments">{t('tabs.payments')}</TabsTrigger>
          <TabsTrigger value="messages">{t('tabs.messages')}</TabsTrigger>
          <TabsTrigger value="emails">{t('tabs.emails')}</TabsTrigger>
        </TabsList>
        <TabsContent value="appointments">
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.time'), t('cols.customer'), t('cols.service'), t('cols.address'), t('cols.status')]}
            rows={data.appointments.map((a) => [
              date(a.date), formatTimeOfDay(a.time, locale) ?? na, name(a.firstName, a.lastName), service(a.serviceType),
              [a.address, a.city].filter(Boolean).join(', ') || na,
              a.needsStaffAttention
                ? <span className="inline-flex flex-wrap gap-1">{status(a.status)}<Badge variant="destructive">{t('needsAttention')}</Badge></span>
                : status(a.status),
            ])}
          />
        </TabsContent>
        <TabsContent value="customers">
          <DataTable
            empty={t('empty')}
            head={[t('cols.name'), t('cols.email'), t('cols.phone'), t('cols.address')]}
            rows={data.customers.map((c) => [
              <a key="n" className="text-brand-800 underline" href={`${customerDetailsPath}?id=${c.id}`}>{name(c.firstName, c.lastName)}</a>, c.email || na, c.phone || na, [c.address, c.city, c.postalCode].filter(Boolean).join(', ') || na,
            ])}
          />
        </TabsContent>
        <TabsContent value="payments">
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.customer'), t('cols.amount'), t('cols.status'), t('cols.paymentId')]}
            rows={data.payments.map((p) => [
              date(p.createdAt), name(p.firstName, p.lastName), formatCad(p.amountCents, locale), status(p.status),
              <code key="id" className="text-xs">{p.paymentIntentId}</code>,
            ])}
          />
        </TabsContent>
        <TabsContent value="messages">
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.name'), t('cols.email'), t('cols.subject'), t('cols.message')]}
            rows={data.messages.map((m) => [date(m.createdAt), m.name, m.email, m.subject, <p key="m" className="max-w-md whitespace-pre-wrap">{m.content}</p>])}
          />
        </TabsContent>
        <TabsContent value="emails">
          <p className="mb-3 text-sm text-gray-600">{t('outboxNote')}</p>
          <DataTable
            empty={t('empty')}
            head={[t('cols.date'), t('cols.to'), t('cols.subject'), t('cols.kind'), t('cols.status')]}
            rows={data.outbox.map((o) => [
              date(o.createdAt), o.toAddress,
              <a key="s" className="text-brand-800 underline" href={`/api/admin/outbox/${o.id}`} target="_blank" rel="noopener">{o.subject}</a>,
              o.kind, status(o.status),
            ])}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
