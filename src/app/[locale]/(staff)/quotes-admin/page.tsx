import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatQuoteAddress } from '@/features/quotes/quote-address';
import { loadQuotesForStaff } from '@/features/staff-dashboard/dashboard.service';
import { requireStaff } from '@/features/staff-auth/require-staff';
import { isLocale } from '@/i18n/routing';
import { formatCad, formatShortDate } from '@/lib/format';

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function QuotesAdminPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await requireStaff({ role: 'admin', redirectTo: '/quotes-admin', locale });
  const t = await getTranslations({ locale, namespace: 'quotesAdmin' });
  const td = await getTranslations({ locale, namespace: 'adminDashboard' });
  const result = await loadQuotesForStaff().then((rows) => ({ rows }), () => ({ rows: null }));

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {result.rows === null ? (
        <p role="alert" className="mt-6 text-red-700">{t('error')}</p>
      ) : result.rows.length === 0 ? (
        <p className="mt-6 text-gray-600">{t('empty')}</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {result.rows.map((q) => {
            const addOns = [q.includeTick ? t('tickControl') : null, q.includeStandingWater ? t('standingWater') : null].filter(Boolean);
            return (
              <li key={q.id}>
                <Card className="h-full">
                  <CardHeader className="pb-3">
                    <div className="flex items-start justify-between gap-2">
                      <h2 className="text-lg font-semibold">{t('number', { id: q.id })}</h2>
                      <Badge variant={q.status === 'sent' ? 'default' : 'secondary'}>
                        {q.status ? (t.has(`status.${q.status}`) ? t(`status.${q.status}`) : q.status) : t('draft')}
                      </Badge>
                    </div>
                    <p className="text-sm">{q.customerName ?? td('na')}<br /><span className="text-gray-600">{q.customerEmail ?? td('na')}</span></p>
                  </CardHeader>
                  <CardContent>
                    <p className="text-2xl font-bold">{formatCad(q.totalCents, locale)}</p>
                    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-gray-600">{t('service')}</dt><dd>{td.has(`services.${q.serviceType}`) ? td(`services.${q.serviceType}`) : q.serviceType}</dd>
                      <dt className="text-gray-600">{t('propertySize')}</dt><dd>{t('acres', { size: q.propertySize })}</dd>
                      <dt className="text-gray-600">{t('addOns')}</dt><dd>{addOns.length ? addOns.join(', ') : t('none')}</dd>
                      <dt className="text-gray-600">{t('address')}</dt><dd>{formatQuoteAddress(q.address, q.city, q.postalCode) || td('na')}</dd>
                      {q.secondContact ? (
                        <><dt className="text-gray-600">{t('secondContact')}</dt><dd>{[q.secondContact.name, q.secondContact.email, q.secondContact.phone].filter(Boolean).join(' · ')}</dd></>
                      ) : null}
                      <dt className="text-gray-600">{t('created')}</dt><dd>{formatShortDate(q.createdAt, locale, td('invalidDate'))}</dd>
                    </dl>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
