import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { localePath } from '@/components/site/locale-paths';
import { loadCustomerDetails } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';
import { formatCad, formatShortDate, formatTimeOfDay } from '@/lib/format';

export const metadata: Metadata = { robots: { index: false, follow: false } };

// SPEC lists the route without its body; staff see one customer's contact details, visits and payments.
export default async function CustomerDetailsPage({ params, searchParams }: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const id = Number(typeof query.id === 'string' ? query.id : NaN);
  await requireStaff({ role: 'admin', redirectTo: `/customer-details${Number.isFinite(id) ? `?id=${id}` : ''}`, locale });
  const t = await getTranslations({ locale, namespace: 'adminDashboard' });
  const details = await loadCustomerDetails(id);
  if (!details) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{t('customerNotFound')}</h1>
        <a className="mt-4 inline-block text-brand-800 underline" href={localePath(locale, '/admin')}>{t('backToDashboard')}</a>
      </div>
    );
  }
  const { customer } = details;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <div>
        <a className="text-sm text-brand-800 underline" href={localePath(locale, '/admin')}>{t('backToDashboard')}</a>
        <h1 className="mt-2 text-3xl font-bold">{customer.firstName} {customer.lastName}</h1>
        <p className="mt-2 text-sm">
          <a className="underline" href={`mailto:${customer.email}`}>{customer.email}</a> · <a className="underline" href={`tel:${customer.phone}`}>{customer.phone}</a>
          <br />{[customer.address, customer.city, customer.postalCode].filter(Boolean).join(', ') || t('na')}
        </p>
      </div>
      <section>
        <h2 className="text-xl font-semibold">{t('tabs.appointments')}</h2>
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
          {details.appointments.length === 0 ? <li className="p-3 text-gray-600">{t('empty')}</li> : details.appointments.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span>{formatShortDate(a.date, locale)} · {formatTimeOfDay(a.time, locale)} · {t.has(`services.${a.serviceType}`) ? t(`services.${a.serviceType}`) : a.serviceType}</span>
              <Badge variant={statusBadgeVariant(a.status)}>{t.has(`statuses.${a.status}`) ? t(`statuses.${a.status}`) : a.status}</Badge>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="text-xl font-semibold">{t('tabs.payments')}</h2>
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
          {details.payments.length === 0 ? <li className="p-3 text-gray-600">{t('empty')}</li> : details.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span>{formatShortDate(p.createdAt, locale)} · {formatCad(p.amountCents, locale)} · <code className="text-xs">{p.paymentIntentId}</code></span>
              <Badge variant={statusBadgeVariant(p.status)}>{t.has(`statuses.${p.status}`) ? t(`statuses.${p.status}`) : p.status}</Badge>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
