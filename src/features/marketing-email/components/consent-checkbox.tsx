'use client';
import { useTranslations } from 'next-intl';
import type { InputHTMLAttributes } from 'react';

/**
 * The optional "Email me seasonal reminders and offers from {business}" box of the booking forms
 * (CASL express consent, docs/decisions/0043): never ticked for the customer, never required.
 * The server records these same words (`renderConsentText`), in the same language, as the proof.
 * Reads the `marketingConsent` namespace; `inputProps` are a form library's (react-hook-form's
 * `register`) or a controlled input's.
 */
export function ConsentCheckbox({ id, businessName, inputProps }: {
  id: string;
  businessName: string;
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { ref?: React.Ref<HTMLInputElement> };
}) {
  const t = useTranslations('marketingConsent');
  return (
    <div className="flex items-start gap-2 text-sm text-gray-700">
      <input id={id} type="checkbox" className="mt-0.5 h-4 w-4 shrink-0" {...inputProps} />
      <label htmlFor={id}>{t('label', { business: businessName })}</label>
    </div>
  );
}
