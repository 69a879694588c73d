'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { PaymentResultCard } from './payment-result-card';

/**
 * Coming back to the checkout of a booking that is paid: nothing is wrong, there is just nothing
 * to pay. Links to the payment's receipt when this tab knows it (`findReceipt`), and home.
 */
export function AlreadyPaidCard({ receiptPath }: { receiptPath: string | null }) {
  const t = useTranslations('checkout');
  const locale = useLocale();
  return (
    <PaymentResultCard tone="success" title={t('alreadyPaid.title')}>
      <p role="status">{t('alreadyPaid.body')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {receiptPath ? <Button asChild><a href={receiptPath}>{t('alreadyPaid.viewConfirmation')}</a></Button> : null}
        <Button asChild variant={receiptPath ? 'outline' : 'default'}><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}
