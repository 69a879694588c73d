'use client';
import { useLocale, useTranslations } from 'next-intl';
import { formatLongDate } from '@/lib/format';
import { formatTaxRatePercent } from '@/features/pricing/pricing';
import { EXTRA_CODES } from '@/features/pricing/price-table';
import { formatDeduction, formatMoney } from '@/lib/money';
import type { OrderSummary as OrderSummaryData } from '../payment.types';

/** Service, size in acres, add-on lines, then subtotal, HST and total to the cent. */
export function OrderSummary({ summary, serviceType, propertySize }: { summary: OrderSummaryData | null; serviceType?: string | null; propertySize?: number | null }) {
  const t = useTranslations('checkout');
  const tp = useTranslations('payments');
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const type = summary?.serviceType ?? serviceType ?? null;
  const size = summary?.propertySize ?? propertySize ?? null;
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-lg bg-gray-50 p-4">
      <h2 id="order-summary-heading" className="mb-3 text-lg font-semibold">{t('summary.title')}</h2>
      <dl className="space-y-2 text-sm">
        {type ? (
          <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.service')}</dt><dd className="font-medium">{tp.has(`services.${type}`) ? tp(`services.${type}`) : type}</dd></div>
        ) : null}
        {size ? (
          <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.propertySize')}</dt><dd>{t('summary.acres', { size })}</dd></div>
        ) : null}
        {summary ? <OrderAddOnRows includeTick={summary.includeTick} includeStandingWater={summary.includeStandingWater} extras={summary.extras} /> : null}
        {summary && summary.dates.length > 0 ? (
          <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.firstVisit')}</dt><dd>{formatLongDate(summary.dates[0]!, locale)}</dd></div>
        ) : null}
        {summary ? (
          <>
            {summary.discountCents > 0 ? (
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">{summary.discountCode ? t('summary.discountCode', { code: summary.discountCode }) : t('summary.discount')}</dt>
                <dd data-testid="order-discount">{formatDeduction(summary.discountCents, locale)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-gray-200 pt-2"><dt className="text-gray-600">{t('summary.subtotal')}</dt><dd>{money(summary.subtotalCents)}</dd></div>
            <div className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.hst', { rate: formatTaxRatePercent(summary.taxRate, locale) })}</dt><dd>{money(summary.taxCents)}</dd></div>
            <div className="flex justify-between gap-4 text-base font-semibold"><dt>{t('summary.total')}</dt><dd data-testid="order-total">{money(summary.totalCents)}</dd></div>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * The add-on rows of an order summary (/checkout and /checkout-new): the tick and standing-water
 * add-ons, then each extra the order carries (0062: an extra's price was in the subtotal with no
 * line saying what it bought). Codes the price table does not know are left out.
 */
export function OrderAddOnRows({ includeTick, includeStandingWater, extras }: { includeTick: boolean; includeStandingWater: boolean; extras: readonly string[] | null | undefined }) {
  const t = useTranslations('checkout');
  const row = (key: string, label: string) => (
    <div key={key} className="flex justify-between gap-4"><dt className="text-gray-600">{t('summary.addOn')}</dt><dd className="text-right">{label}</dd></div>
  );
  return (
    <>
      {includeTick ? row('tick', t('summary.tick')) : null}
      {includeStandingWater ? row('standing-water', t('summary.standingWater')) : null}
      {EXTRA_CODES.filter((code) => extras?.includes(code)).map((code) => row(code, t(`summary.extras.${code}`)))}
    </>
  );
}
