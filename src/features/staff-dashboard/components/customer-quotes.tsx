import { getTranslations } from 'next-intl/server';
import { localePath } from '@/components/site/locale-paths';
import type { QuoteCancelledBooking, QuoteUnpaidBooking } from '@/features/quotes/quote-state';
import type { Locale } from '@/i18n/routing';
import { formatCad, formatShortDate } from '@/lib/format';
import { buildQuoteAdminPath, isCustomQuote } from '../quote-list';
import { describeCancelledBookingLine, nameQuoteAddOns, QuoteStateBadge, UnpaidBookingLine } from './quote-state';

type CustomerQuote = {
  id: number;
  createdAt: string;
  status: string;
  cancelledBooking: QuoteCancelledBooking | null;
  unpaidBooking: QuoteUnpaidBooking | null;
  serviceType: string;
  propertySize: number;
  includeTick: boolean;
  includeStandingWater: boolean;
  extras: string[];
  totalCents: number;
  notes: string | null;
};

/**
 * The customer page's "Quotes" (0068): the quotes sent to the customer's address, newest first,
 * each as /quotes-admin's card names it (number, date, service, size and add-ons with the extras
 * (0080), total, state, a booking cancelled since (0073) or the unpaid one its state is about
 * (0087), and the customer's special requests
 * (0084)), its number a link to that card. `more` when the page lists only
 * the newest: the last line then opens /quotes-admin narrowed to this address exactly (0073).
 */
export async function CustomerQuotes({ quotes, more, email, locale }: { quotes: CustomerQuote[]; more: boolean; email: string | null; locale: Locale }) {
  const [t, td, tp] = await Promise.all([
    getTranslations({ locale, namespace: 'quotesAdmin' }),
    getTranslations({ locale, namespace: 'adminDashboard' }),
    getTranslations({ locale, namespace: 'pricing' }),
  ]);
  return (
    <section aria-labelledby="customer-quotes-heading">
      <h2 id="customer-quotes-heading" className="text-xl font-semibold">{t('customerQuotes.heading')}</h2>
      {quotes.length === 0 ? <p className="mt-3 rounded-lg border border-gray-200 p-3 text-sm text-gray-600">{t('customerQuotes.empty')}</p> : (
        <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
          {quotes.map((q) => {
            const plan = [
              td.has(`services.${q.serviceType}`) ? td(`services.${q.serviceType}`) : q.serviceType,
              isCustomQuote(q) ? t('acreage') : t('acres', { size: q.propertySize }),
              ...nameQuoteAddOns(q, t, tp),
            ].join(', ');
            return (
              <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span>
                  <a className="font-medium text-brand-800 underline" href={localePath(locale, buildQuoteAdminPath({ search: q.id }))}>{t('number', { id: q.id })}</a>
                  {' · '}{formatShortDate(q.createdAt, locale, td('invalidDate'))} · {plan}
                </span>
                <span className="inline-flex items-center gap-2">
                  <span className="font-semibold">{isCustomQuote(q) ? t('customQuoteTotal') : formatCad(q.totalCents, locale)}</span>
                  <QuoteStateBadge status={q.status} t={t} />
                </span>
                {q.cancelledBooking ? <span className="basis-full text-gray-700">{describeCancelledBookingLine(q.cancelledBooking, locale, t)}</span> : null}
                {q.unpaidBooking ? <span className="basis-full text-gray-700"><UnpaidBookingLine booking={q.unpaidBooking} status={q.status} locale={locale} t={t} /></span> : null}
                {q.notes ? <span className="basis-full whitespace-pre-line text-gray-700 wrap-anywhere">{t('specialRequestsLine', { notes: q.notes })}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      {more && email ? (
        <p className="mt-2 text-sm text-gray-600">
          {t('customerQuotes.more', { count: quotes.length })}{' '}
          <a className="text-brand-800 underline" href={localePath(locale, buildQuoteAdminPath({ email }))}>{t('customerQuotes.all')}</a>
        </p>
      ) : null}
    </section>
  );
}
