'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { toRefusal, useDescribeError, useSaveOutcome } from '@/components/ui/form-outcome';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { usePrefilledFields } from '@/components/ui/prefilled-fields';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { describeReceiptSeller } from '@/features/receipts/receipt-seller';
import { CANADIAN_PROVINCES } from '@/features/service-area/postal-code';
import { callStaffApi } from '@/features/staff-dashboard/components/staff-api';
import { FIELD_LIMITS } from '@/lib/field-limits';
import { formatShortDateTime } from '@/lib/format';
import { PHONE_MAX_LENGTH } from '@/lib/phone';
import { useHydrated } from '@/lib/use-hydrated';
import {
  BUSINESS_DETAIL_FIELDS, type BusinessDetailsFormValues, type BusinessDetailsInput, BusinessDetailsSchema, LEGAL_NAME_MAX,
} from '../business-details.schema';
import type { BusinessDetailChangeView, BusinessDetailsView } from '../business-details.service';

/** The CRA's format, written as receipts print it. */
const HST_NUMBER_EXAMPLE = '123456789 RT0001';

type Saved = { details: BusinessDetailsView; changes: BusinessDetailChangeView[] };

const formValues = (details: BusinessDetailsView): BusinessDetailsFormValues => ({
  legalName: details.legalName, hstNumber: details.hstNumber, phone: details.phone, email: details.email,
  address: details.address, city: details.city, province: details.province, postalCode: details.postalCode,
});

/**
 * The owner's business details (docs/decisions/0044, 0076): the legal name and GST/HST number
 * every tax receipt prints, and the phone, email and mailing address the website, every new email
 * and every new receipt show, checked in the browser with the server's schema; a preview of the
 * receipt's "Sold by" block drawn by the receipt's own rule as the owner types; and who changed
 * what, and when.
 */
export function BusinessDetailsForm({ initial }: { initial: Saved }) {
  const t = useTranslations('businessDetails');
  const tAll = useTranslations();
  const locale = useLocale();
  const id = useId();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initial);
  const { register, handleSubmit, formState, setError, reset, control } = useForm<BusinessDetailsFormValues, unknown, BusinessDetailsInput>({
    resolver: zodResolver(BusinessDetailsSchema),
    defaultValues: formValues(initial.details),
  });
  const { errors, isSubmitting } = formState;
  const prefilled = usePrefilledFields({ register, formState });
  const typed = useWatch({ control });
  const preview = describeReceiptSeller(
    {
      displayName: saved.details.displayName, phone: typed.phone ?? '', email: typed.email ?? '', legalName: typed.legalName ?? '', hstNumber: typed.hstNumber ?? '',
      address: typed.address ?? '', city: typed.city ?? '', province: typed.province ?? '', postalCode: typed.postalCode ?? '',
    },
    (key, values) => tAll(key, values),
  );

  const describe = useDescribeError();
  const { formError, runSave } = useSaveOutcome(BUSINESS_DETAIL_FIELDS, setError, t('saveFailed'));

  const submit = (values: BusinessDetailsInput) => runSave(async () => {
    const { ok, body } = await callStaffApi<Saved>('/api/admin/business', { method: 'PUT', body: values });
    if (!ok || !body?.details) return toRefusal(body);
    setSaved(body);
    // The fields show what was stored: the number as printed, the phone and postal code as shown everywhere.
    reset(formValues(body.details));
    toast({ title: t('savedTitle'), description: t('savedBody') });
    return { ok: true };
  });

  const field = (name: (typeof BUSINESS_DETAIL_FIELDS)[number]) => ({ id: `${id}-${name}`, error: describe(errors[name]) });
  const showValue = (value: string | null) => value || t('blank');
  const fieldLabel = (name: (typeof BUSINESS_DETAIL_FIELDS)[number]) => t(name);

  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <Card>
        <CardContent className="pt-6">
          <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-6" aria-label={t('title')}>
            <fieldset className="space-y-4">
              <legend className="text-xl font-semibold leading-tight">{t('receiptLegend')}</legend>
              <p className="text-sm text-gray-600">{t('formIntro')}</p>
              <FormField {...field('legalName')} label={t('legalName')} hint={t('legalNameHint')}>
                {(a11y) => <Input autoComplete="organization" maxLength={LEGAL_NAME_MAX + 20} {...a11y} {...prefilled.field('legalName')} />}
              </FormField>
              <FormField {...field('hstNumber')} label={t('hstNumber')} hint={t('hstNumberHint', { example: HST_NUMBER_EXAMPLE })}>
                {(a11y) => <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...a11y} {...prefilled.field('hstNumber')} />}
              </FormField>
            </fieldset>

            <fieldset className="space-y-4">
              <legend className="w-full border-t border-gray-200 pt-6 text-xl font-semibold leading-tight">{t('contactLegend')}</legend>
              <p className="text-sm text-gray-600">{t('contactIntro')}</p>
              {/* The business's own details, not the signed-in person's: no autofill from their profile. */}
              <FormField {...field('phone')} label={t('phone')} hint={t('phoneHint')}>
                {(a11y) => <Input type="tel" inputMode="tel" autoComplete="off" maxLength={PHONE_MAX_LENGTH} {...a11y} {...prefilled.field('phone')} />}
              </FormField>
              <FormField {...field('email')} label={t('email')} hint={t('emailHint')}>
                {(a11y) => <Input type="email" autoComplete="off" spellCheck={false} maxLength={FIELD_LIMITS.email} {...a11y} {...prefilled.field('email')} />}
              </FormField>
              <FormField {...field('address')} label={t('address')} hint={t('addressHint')}>
                {(a11y) => <Input autoComplete="off" maxLength={FIELD_LIMITS.address} {...a11y} {...prefilled.field('address')} />}
              </FormField>
              <FormField {...field('city')} label={t('city')}>
                {(a11y) => <Input autoComplete="off" maxLength={FIELD_LIMITS.city} {...a11y} {...prefilled.field('city')} />}
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField {...field('province')} label={t('province')}>
                  {(a11y) => (
                    <Select {...a11y} {...prefilled.field('province')}>
                      <option value="">{t('provinceChoose')}</option>
                      {CANADIAN_PROVINCES.map((code) => <option key={code} value={code}>{t(`provinces.${code}`)}</option>)}
                    </Select>
                  )}
                </FormField>
                <FormField {...field('postalCode')} label={t('postalCode')} hint={t('postalCodeHint')}>
                  {(a11y) => <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={FIELD_LIMITS.postalCode} {...a11y} {...prefilled.field('postalCode')} />}
                </FormField>
              </div>
            </fieldset>

            {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
            <div className="flex justify-end">
              <Button type="submit" disabled={!hydrated || isSubmitting}>{isSubmitting ? t('saving') : t('save')}</Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <div className="space-y-6">
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
          <p className="text-sm text-gray-600">{t('displayNameNote', { name: saved.details.displayName })}</p>
        </section>

        <section aria-labelledby={`${id}-history-title`} className="space-y-2">
          <h2 id={`${id}-history-title`} className="text-xl font-semibold">{t('historyTitle')}</h2>
          <p className="text-sm text-gray-600">{t('historyIntro')}</p>
          {saved.changes.length === 0 ? (
            <p className="text-sm text-gray-700">{t('historyEmpty')}</p>
          ) : (
            <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
              {saved.changes.map((change) => {
                const date = formatShortDateTime(change.changedAt, locale) ?? '';
                return (
                  <li key={change.id} className="space-y-1 px-4 py-2 text-sm">
                    <p className="font-medium text-gray-800">
                      {change.changedBy ? t('historyBy', { date, name: change.changedBy }) : t('historyByFormer', { date })}
                    </p>
                    <ul className="space-y-0.5 text-gray-700">
                      {change.changes.map((c) => (
                        <li key={c.field} className="break-words">{t('historyChange', { field: fieldLabel(c.field), from: showValue(c.from), to: showValue(c.to) })}</li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}
