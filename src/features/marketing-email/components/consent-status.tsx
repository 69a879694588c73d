import { getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import type { Locale } from '@/i18n/routing';
import { formatShortDateTime } from '@/lib/format';
import { loadConsentStatus } from '../consent.service';
import { buildUnsubscribedListPath } from '../unsubscribed-list';

/**
 * The staff customer page's "Seasonal emails" block (docs/decisions/0043): agreed on a date (with
 * the words agreed to), unsubscribed on a date, or no consent; and when the customer's address is
 * on the do-not-email list, since when, how, and a link to it there (0074). A server component with
 * its own data.
 */
export async function MarketingConsentStatus({ customerId, locale }: { customerId: number; locale: Locale }) {
  const [t, tList, consent] = await Promise.all([
    getTranslations({ locale, namespace: 'marketingEmail.status' }),
    getTranslations({ locale, namespace: 'marketingEmail.list' }),
    loadConsentStatus(customerId),
  ]);
  if (!consent) return null;
  const { status, listed } = consent;
  return (
    <section aria-labelledby="marketing-consent-heading" className="rounded-lg border border-gray-200 p-3 text-sm">
      <h2 id="marketing-consent-heading" className="font-semibold">{t('heading')}</h2>
      {status.status === 'given' ? (
        <>
          <p className="mt-1">{t('given', { date: formatShortDateTime(status.since, locale) ?? '' })}</p>
          {status.text ? <p className="mt-1 text-gray-600"><span className="font-medium">{t('words')}</span> {status.text}</p> : null}
        </>
      ) : status.status === 'unsubscribed' ? (
        <p className="mt-1">{t('unsubscribed', { date: formatShortDateTime(status.since, locale) ?? '' })}</p>
      ) : (
        <p className="mt-1 text-gray-600">{t('none')}</p>
      )}
      {listed ? (
        <p className="mt-1 break-words">
          {t('listed', { address: listed.address, date: formatShortDateTime(listed.since, locale) ?? '', how: tList(`how.${listed.source ?? 'unknown'}`) })}{' '}
          <a className="text-brand-800 underline" href={localePath(locale, buildUnsubscribedListPath(listed.address))}>{t('listLink')}</a>
        </p>
      ) : null}
    </section>
  );
}
