import { useTranslations } from 'next-intl';
import { toTelHref } from '@/lib/phone';

/**
 * Under the calculator's postal code when the branch does not serve it (0104): said as soon as the
 * code is complete, with the phone to call, before the visitor asks for a quote or books. A note,
 * not an error: the code is well formed, and the visitor may still call.
 */
export function OutsideAreaNote({ id, postalCode, phone }: { id: string; postalCode: string; phone: string }) {
  const t = useTranslations('calculator.outsideArea');
  return (
    <p id={id} className="text-sm text-amber-950" data-testid="calculator-outside-area">
      {phone ? (
        <>
          {t('note', { postalCode })}{' '}
          <a className="font-semibold whitespace-nowrap text-brand-800 underline underline-offset-4" href={toTelHref(phone)}>{t('call', { phone })}</a>
        </>
      ) : t('noteNoPhone', { postalCode })}
    </p>
  );
}
