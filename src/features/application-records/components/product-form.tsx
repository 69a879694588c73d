'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { placeServerErrors, type SaveOutcome, useDescribeError } from '@/components/ui/form-outcome';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PRODUCT_UNITS } from '@/lib/product-units';
import { type ProductFormValues, type ProductInput, ProductInputSchema } from '../product.schema';

const FIELDS = ['name', 'pcpNumber', 'unit'] as const;

const SELECT_CLASS = 'flex h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink aria-invalid:border-red-600';

/**
 * Name, PCP registration number and unit of one product: the add form and the edit dialog,
 * checked in the browser with the schema the server applies (docs/decisions/0042).
 */
export function ProductForm({ initial, submitLabel, onSave, onCancel, resetOnSuccess = false, labelledBy }: {
  initial: ProductFormValues;
  submitLabel: string;
  onSave: (values: ProductInput) => Promise<SaveOutcome>;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
  /** The id of the heading that names the form. */
  labelledBy?: string;
}) {
  const t = useTranslations('applicationRecords');
  const id = useId();
  const { register, handleSubmit, formState, setError, reset } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const [formError, setFormError] = useState<string | null>(null);

  const describe = useDescribeError();

  const submit = async (values: ProductInput) => {
    setFormError(null);
    const outcome = await onSave(values);
    if (outcome.ok) {
      if (resetOnSuccess) reset(initial);
      return;
    }
    if (!placeServerErrors(outcome.fields, FIELDS, setError)) setFormError(outcome.message ?? t('products.saveFailed'));
  };

  const field = (name: (typeof FIELDS)[number]) => {
    const message = describe(errors[name]);
    return {
      id: `${id}-${name}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': [message ? `${id}-${name}-error` : null, name === 'pcpNumber' ? `${id}-pcp-hint` : null].filter(Boolean).join(' ') || undefined,
    };
  };
  const errorText = (name: (typeof FIELDS)[number]) => {
    const message = describe(errors[name]);
    return message ? <p id={`${id}-${name}-error`} className="text-sm text-red-700">{message}</p> : null;
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(submit)} className="space-y-4" aria-labelledby={labelledBy}>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>{t('products.name')}</Label>
        <Input autoComplete="off" {...field('name')} {...register('name')} />
        {errorText('name')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-pcpNumber`}>{t('products.pcpNumber')}</Label>
        <Input autoComplete="off" inputMode="numeric" {...field('pcpNumber')} {...register('pcpNumber')} />
        <p id={`${id}-pcp-hint`} className="text-sm text-gray-600">{t('products.pcpHint')}</p>
        {errorText('pcpNumber')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-unit`}>{t('products.unit')}</Label>
        <select className={SELECT_CLASS} {...field('unit')} {...register('unit')}>
          {PRODUCT_UNITS.map((unit) => <option key={unit} value={unit}>{t(`units.${unit}`)}</option>)}
        </select>
        {errorText('unit')}
      </div>
      {formError ? <p role="alert" className="text-sm text-red-700">{formError}</p> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? <Button type="button" variant="outline" onClick={onCancel}>{t('products.cancel')}</Button> : null}
        <Button type="submit" disabled={isSubmitting}>{isSubmitting ? t('products.saving') : submitLabel}</Button>
      </div>
    </form>
  );
}
