'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { describeReceiptSeller } from '@/features/receipts/receipt-seller';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { useHydrated } from '@/lib/use-hydrated';
import { type BusinessDetailsFormValues, type BusinessDetailsInput, BusinessDetailsSchema, LEGAL_NAME_MAX } from '../business-details.schema';
import type { BusinessDetailsView } from '../business-details.service';

const FIELDS = ['legalName', 'hstNumber'] as const;
/** The CRA's format, written as receipts print it. */
const HST_NUMBER_EXAMPLE = '123456789 RT0001';

/**
 * The owner's business details (docs/decisions/0044): the legal name and GST/HST registration
 * number every tax receipt prints, checked in the browser with the server's schema; the rest of
 * the receipt's "Sold by" (display name, address, phone, email) shown as it stands; and a preview
 * of that block, drawn by the receipt's own rule as the owner types.
 */
export function BusinessDetailsForm({ initial }: { initial: BusinessDetailsView }) {
  const t = useTranslations('businessDetails');
  const tAll = useTranslations();
  const id = useId();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initial);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<BusinessDetailsFormValues, unknown, BusinessDetailsInput>({
    resolver: zodResolver(BusinessDetailsSchema),
    defaultValues: { legalName: initial.legalName, hstNumber: initial.hstNumber },
  });
  const { errors, isSubmitting } = formState;
  const [legalName, hstNumber] = useWatch({ control, name: ['legalName', 'hstNumber'] });
  const preview = describeReceiptSeller({ ...saved, legalName: legalName ?? '', hstNumber: hstNumber ?? '' }, (key, values) => tAll(key, values));

  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(FIELDS, setError, t('saveFailed'));

  const submit = (values: BusinessDetailsInput) => runSave(async () => {
    const { ok, body } = await callStaffApi<{ details: BusinessDetailsView }>('/api/admin/business', { method: 'PUT', body: values });
    if (!ok || !body?.details) return toRefusal(body);
    setSaved(body.details);
    // The fields show what was stored: the number in its printed form.
    reset({ legalName: body.details.legalName, hstNumber: body.details.hstNumber });
    toast({ title: t('savedTitle'), description: t('savedBody') });
    return { ok: true };
  });

  const contact = [
    { label: t('displayName'), value: saved.displayName },
    { label: t('address'), value: preview.address ?? t('noAddress') },
    { label: t('phone'), value: saved.phone },
    { label: t('email'), value: saved.email },
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardHeader>
          <h2 id={`${id}-form-title`} className="text-xl font-semibold leading-tight">{t('formTitle')}</h2>
          <p className="text-sm text-gray-600">{t('formIntro')}</p>
        </CardHeader>
        <CardContent>
          <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={`${id}-form-title`}>
            <FormField id={`${id}-legalName`} label={t('legalName')} hint={t('legalNameHint')} error={describe(errors.legalName)}>
              {(control) => <Input autoComplete="organization" maxLength={LEGAL_NAME_MAX + 20} {...control} {...register('legalName')} />}
            </FormField>
            <FormField id={`${id}-hstNumber`} label={t('hstNumber')} hint={t('hstNumberHint', { example: HST_NUMBER_EXAMPLE })} error={describe(errors.hstNumber)}>
              {(control) => <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...control} {...register('hstNumber')} />}
            </FormField>
            {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={!hydrated || isSubmitting}>{isSubmitting ? t('saving') : t('save')}</Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <div className="space-y-6">
        <section aria-labelledby={`${id}-contact-title`} className="space-y-2">
          <h2 id={`${id}-contact-title`} className="text-xl font-semibold">{t('contactTitle')}</h2>
          <p className="text-sm text-gray-600">{t('contactIntro')}</p>
          <dl className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {contact.map((row) => (
              <div key={row.label} className="grid gap-1 px-4 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <dt className="text-sm font-medium text-gray-700">{row.label}</dt>
                <dd className="break-words text-sm text-ink">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby={`${id}-preview-title`} className="space-y-2">
          <h2 id={`${id}-preview-title`} className="text-xl font-semibold">{t('previewTitle')}</h2>
          <p className="text-sm text-gray-600">{t('previewIntro')}</p>
          <div className="rounded-lg border border-dashed border-gray-400 bg-white p-4 text-sm" data-testid="receipt-seller-preview">
            <p className="font-semibold uppercase tracking-wide text-gray-600">{tAll('receipts.soldBy')}</p>
            <p className="break-words font-semibold text-ink">{preview.name}</p>
            {preview.operatingAs ? <p className="break-words">{preview.operatingAs}</p> : null}
            {preview.address ? <p className="break-words">{preview.address}</p> : null}
            {preview.hstNumber ? (
              <p className="pt-2">
                <span className="block text-gray-700">{preview.hstNumber.label}</span>
                <span className="font-semibold">{preview.hstNumber.value}</span>
              </p>
            ) : (
              <p className="pt-2 italic text-gray-600">{t('previewNoNumber')}</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
