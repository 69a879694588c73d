'use client';
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { localePath } from '@/components/site/locale-paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney } from '@/lib/money';
import { useHydrated } from '@/lib/use-hydrated';
import { ApiError, postJson } from './payment-client';

type Fields = { number: string; expiry: string; cvc: string };
const FIELD_ORDER = ['number', 'expiry', 'cvc'] as const;

function focusField(form: HTMLFormElement | null, name: keyof Fields) {
  const input = form?.elements.namedItem(name);
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  input.select();
}
type ConfirmResult =
  | { status: 'succeeded' | 'processing'; paymentIntentId: string }
  | { status: 'requires_action'; paymentIntentId: string; authenticatePath: string };

export interface CardFormProps {
  clientSecret: string;
  paymentIntentId: string;
  amountCents: number;
  onSucceeded: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
  onCancel?: () => void;
}

/**
 * The built-in test gateway's card form: says plainly that nothing is charged and lists the test
 * cards, unless the page lists them itself (`showCardHints: false`, the payment test page's footer).
 */
export function TestCardForm({ clientSecret, paymentIntentId, amountCents, onSucceeded, onFailed, onCancel, showCardHints = true }: CardFormProps & { showCardHints?: boolean }) {
  const hydrated = useHydrated();
  const t = useTranslations('payments.form');
  const locale = useLocale();
  const [values, setValues] = useState<Fields>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read now: React clears currentTarget once the handler's synchronous part has run.
    const form = event.currentTarget;
    if (busy) return;
    setBusy(true);
    setErrors({});
    try {
      const result = await postJson<ConfirmResult>('/api/test-gateway/confirm', { paymentIntentId, clientSecret, ...values });
      if (result.status === 'requires_action') {
        window.location.assign(localePath(locale, result.authenticatePath));
        return;
      }
      // Processing goes on like success, as with Stripe's form: the next page asks the server until it knows.
      onSucceeded(result.paymentIntentId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body?.fields) {
        const fields = error.body.fields as Partial<Fields>;
        setErrors(fields);
        // On the field to correct, as a card form does: Pay is disabled while it works, so focus was lost.
        focusField(form, FIELD_ORDER.find((name) => fields[name]) ?? 'number');
      } else {
        onFailed(error instanceof ApiError ? error.message : t('failed'));
        // Declined: the card number, selected, so another card can be typed straight over it.
        focusField(form, 'number');
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Fields, label: string, props: { placeholder: string; autoComplete: string; inputMode: 'numeric' | 'text' }) => (
    <div className="space-y-1.5">
      <Label htmlFor={`card-${name}`}>{label}</Label>
      <Input
        id={`card-${name}`}
        name={name}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `card-${name}-error` : undefined}
        {...props}
      />
      {errors[name] ? <p id={`card-${name}-error`} className="text-sm text-red-700">{errors[name]}</p> : null}
    </div>
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-4">
      <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">{t('testModeTitle')}</p>
        <p>{t('testModeBody')}</p>
      </div>
      {field('number', t('cardNumber'), { placeholder: '4242 4242 4242 4242', autoComplete: 'cc-number', inputMode: 'numeric' })}
      <div className="grid grid-cols-2 gap-3">
        {field('expiry', t('expiry'), { placeholder: t('expiryPlaceholder'), autoComplete: 'cc-exp', inputMode: 'numeric' })}
        {field('cvc', t('cvc'), { placeholder: '123', autoComplete: 'cc-csc', inputMode: 'numeric' })}
      </div>
      <div className="flex gap-3">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>{t('cancel')}</Button> : null}
        <Button type="submit" className="flex-1" disabled={!hydrated || busy}>
          {busy ? t('processing') : t('pay', { amount: formatMoney(amountCents, locale) })}
        </Button>
      </div>
      {showCardHints ? <TestCardHints /> : null}
    </form>
  );
}

/** The test cards and what each does (also the payment test page's footer). */
export function TestCardHints() {
  const t = useTranslations('payments.form');
  return (
    <div className="rounded-md bg-gray-50 p-3 text-xs text-gray-700">
      <p className="mb-1 font-semibold">{t('testCardsTitle')}</p>
      <ul className="space-y-0.5">
        <li><span className="font-mono">4242 4242 4242 4242</span> · {t('testCardSuccess')}</li>
        <li><span className="font-mono">4000 0000 0000 0002</span> · {t('testCardDeclined')}</li>
        <li><span className="font-mono">4000 0025 0000 3155</span> · {t('testCardAuthentication')}</li>
        <li><span className="font-mono">4000 0000 0000 7775</span> · {t('testCardProcessingPaid')}</li>
        <li><span className="font-mono">4000 0000 0000 8773</span> · {t('testCardProcessingDeclined')}</li>
      </ul>
      <p className="mt-1">{t('testCardsNote')}</p>
    </div>
  );
}
