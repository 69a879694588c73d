'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PaymentResultCard } from './payment-result-card';

/**
 * A payment the bank has not answered yet: neither paid nor failed. While the page is still asking
 * it says so; once it has stopped it promises the receipt by email and offers to check again.
 */
export function PaymentProcessingCard({ title, body, polling, onCheckAgain }: {
  title: string;
  /** Overrides the default explanation (e.g. when the status could not be read at all). */
  body?: string;
  polling: boolean;
  onCheckAgain?: () => void;
}) {
  const t = useTranslations('checkout.processing');
  const tc = useTranslations('checkout.confirmation');
  const locale = useLocale();
  return (
    <PaymentResultCard tone="pending" title={title}>
      <p>{body ?? (polling ? t('body') : t('slow'))}</p>
      {polling ? <Spinner className="text-sm text-gray-600" label={t('checking')} /> : null}
      <div className="flex flex-wrap justify-center gap-3">
        {!polling && onCheckAgain ? <Button onClick={onCheckAgain}>{t('checkAgain')}</Button> : null}
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{tc('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}
