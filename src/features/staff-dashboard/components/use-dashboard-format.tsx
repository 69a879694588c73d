'use client';
import { useLocale, useTranslations } from 'next-intl';
import { Badge, statusBadgeVariant } from '@/components/ui/badge';
import { formatShortDate } from '@/lib/format';

/** How every dashboard tab writes a missing value, a date, a name, a service and a status (SPEC "Admin dashboard"). */
export function useDashboardFormat() {
  const t = useTranslations('adminDashboard');
  const locale = useLocale();
  const na = t('na');
  return {
    na,
    date: (value: string | null | undefined) => formatShortDate(value, locale, t('invalidDate')) ?? na,
    name: (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || na,
    service: (type: string) => (t.has(`services.${type}`) ? t(`services.${type}`) : type),
    status: (value: string | null) => (value ? <Badge variant={statusBadgeVariant(value)}>{t.has(`statuses.${value}`) ? t(`statuses.${value}`) : value}</Badge> : na),
  };
}
