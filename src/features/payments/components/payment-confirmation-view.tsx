'use client';
import { useLocale, useTranslations } from 'next-intl';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { PaymentResultCard } from './payment-result-card';
import { type PaymentCheck, useVerifiedPayment } from './use-verified-payment';

type State =
  | { kind: 'success'; amountCents: number | null; tentative: boolean }
  | { kind: 'failed'; message: string };

/** What the page shows for the server's answer (or its absence). */
function describeCheck(check: Exclude<PaymentCheck, { kind: 'checking' }>, redirectStatus: string | null, t: (key: 'noPayment' | 'issue' | 'couldNotVerify') => string): State {
  if (check.kind === 'missing') return { kind: 'failed', message: t('noPayment') };
  if (check.kind === 'failed') return redirectStatus === 'succeeded' ? { kind: 'success', amountCents: null, tentative: true } : { kind: 'failed', message: t('couldNotVerify') };
  return check.status.success ? { kind: 'success', amountCents: check.status.amount, tentative: false } : { kind: 'failed', message: t('issue') };
}

/**
 * /payment-confirmation: where a redirect-based payment returns. The status comes from the server;
 * only when that call fails does redirect_status=succeeded give a tentative success (SPEC §4).
 */
export function PaymentConfirmationView({ paymentIntentId, redirectStatus }: { paymentIntentId: string | null; redirectStatus: string | null }) {
  const t = useTranslations('checkout.confirmation');
  const locale = useLocale();
  const check = useVerifiedPayment(paymentIntentId);

  if (check.kind === 'checking') {
    return <div className="flex min-h-[40vh] items-center justify-center"><Spinner label={t('loading')} /></div>;
  }
  const state = describeCheck(check, redirectStatus, t);
  if (state.kind === 'success') {
    return (
      <PaymentResultCard tone="success" title={t('successTitle')}>
        <p>{state.tentative ? t('tentative') : t('successBody')}</p>
        {state.amountCents !== null ? <p className="text-lg font-semibold">{t('amount', { amount: formatMoney(state.amountCents, locale) })}</p> : null}
        <Button asChild><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </PaymentResultCard>
    );
  }
  return (
    <PaymentResultCard tone="failed" title={t('failedTitle')}>
      <p role="alert">{state.message}</p>
      {paymentIntentId ? <p className="text-sm text-gray-600">{t('reference')} <span className="font-mono">{paymentIntentId}</span></p> : null}
      <div className="flex justify-center gap-3">
        <Button asChild><a href={localePath(locale, '/#contact')}>{t('contactSupport')}</a></Button>
        <Button asChild variant="outline"><a href={localePath(locale, '/')}>{t('returnHome')}</a></Button>
      </div>
    </PaymentResultCard>
  );
}
