import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { buttonVariants } from '@/components/ui/button';
import { localePath } from '@/components/site/locale-paths';
import { limitLookups } from '@/features/manage-booking/manage-booking.service';
import { PrintButton } from '@/features/receipts/components/print-button';
import { ReceiptDocument } from '@/features/receipts/components/receipt-document';
import { loadCustomerReceipt } from '@/features/receipts/receipt.service';
import { isLocale, toLocale } from '@/i18n/routing';
import { isAppError } from '@/lib/errors';
import { readRecordId, readRouteParam } from '@/lib/route-param';
import { getClientIp } from '@/server/request-locale';

// Every request reads the payment and its refunds as they are now.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: toLocale(locale), namespace: 'receipts' });
  // The address holds the booking's key, as the booking's own page (decision 0032).
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

type Props = { params: Promise<{ locale: string; token: string; paymentId: string }> };

/**
 * A receipt of the booking the private link opens (docs/decisions/0040), to read, print or save as
 * a PDF. Another booking's payment, a payment not received and a bad link are the same 404.
 */
export default async function CustomerReceiptPage({ params }: Props) {
  const { locale, token: rawToken, paymentId } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const token = readRouteParam(rawToken);
  const [t, tManage] = await Promise.all([getTranslations({ locale, namespace: 'receipts' }), getTranslations({ locale, namespace: 'manageBooking' })]);
  let found: Awaited<ReturnType<typeof loadCustomerReceipt>>;
  try {
    // The booking page's lookup budget: a token or payment guesser is stopped the same way.
    await limitLookups(getClientIp(new Request('http://local/', { headers: await headers() })));
    found = await loadCustomerReceipt(token, readRecordId(paymentId), locale);
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') notFound();
    if (isAppError(error) && error.code === 'rate_limited') {
      return (
        <div className="mx-auto max-w-xl px-4 py-12">
          <h1 className="text-2xl font-bold">{tManage('rateLimited.title')}</h1>
          <p className="mt-3 text-gray-700">{tManage('rateLimited.body')}</p>
        </div>
      );
    }
    throw error;
  }

  return (
    <div className="px-4 py-8 sm:py-12 print:p-0">
      <div className="mx-auto max-w-3xl space-y-4">
        <a className="inline-block text-sm font-semibold text-brand-800 underline print:hidden" href={localePath(locale, `/manage-booking/${token}`)}>{t('backToBooking')}</a>
        <ReceiptDocument receipt={found.receipt} actions={<PrintButton label={t('print')} className={buttonVariants({ variant: 'outline' })} />} />
      </div>
    </div>
  );
}
